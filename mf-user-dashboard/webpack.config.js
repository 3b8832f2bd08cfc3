module.exports = require('mf-config').createAppConfig({
  name: 'userDashboard',
  dirname: __dirname,
  port: 3001,
  exposes: { './Overview': './src/exposes/Overview.tsx' },
});
