module.exports = require('mf-config').createAppConfig({
  name: 'agentSoftphone',
  dirname: __dirname,
  port: 3002,
  exposes: {
    './AgentCallLogs': './src/exposes/AgentCallLogs.tsx',
    './Softphone': './src/exposes/Softphone.tsx',
    './Messages': './src/exposes/Messages.tsx',
    './DialerSetting': './src/exposes/DialerSetting.tsx',
  },
});
