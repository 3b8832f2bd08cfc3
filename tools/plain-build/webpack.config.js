const path = require('node:path');
const { createPlainConfig } = require('mf-config');

module.exports = createPlainConfig({
  dirname: __dirname,
  hostDir: path.resolve(__dirname, '../../host'),
  runtime: path.join(__dirname, 'src/runtime.ts'),
  hostShares: path.join(__dirname, 'src/host-shares.ts'),
  preloadRemoteEntries: path.join(__dirname, 'src/preload-remote-entries.ts'),
  provideRuntimeCore: path.join(__dirname, 'src/provide-runtime-core.ts'),
});
