module.exports = require('mf-config').createAppConfig({
  name: 'admin',
  dirname: __dirname,
  port: 3003,
  exposes: {
    './AccountList': './src/exposes/AccountList.tsx',
    './AccountEdit': './src/exposes/AccountEdit.tsx',
    './AiClients': './src/exposes/AiClients.tsx',
    './AiClientEdit': './src/exposes/AiClientEdit.tsx',
  },
});
