module.exports = require('mf-config').createAppConfig({
  name: 'admin',
  dirname: __dirname,
  port: 3003,
  exposes: { './AccountList': './src/exposes/AccountList.tsx' },
});
