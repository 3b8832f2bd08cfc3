const { createAppConfig } = require('mf-config');

// No remotes here: their manifest URLs come from /runtime-config.json at start-up.
// The pages a visitor meets before signing in carry only their own code (host/src/app/host-screens.ts).
const SIGNED_OUT_CHUNKS = ['sign-in', 'sign-in-role', 'two-step', 'forgot-password', 'reset-password', 'verify-email', 'register'];
module.exports = createAppConfig({ name: 'host', dirname: __dirname, port: 3000, isHost: true, selfContainedChunks: SIGNED_OUT_CHUNKS });
