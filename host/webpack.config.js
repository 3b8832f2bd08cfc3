const { createAppConfig } = require('mf-config');

// No remotes here: their manifest URLs come from /runtime-config.json at start-up.
module.exports = createAppConfig({ name: 'host', dirname: __dirname, port: 3000, isHost: true });
