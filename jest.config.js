// One jest run over every front-end package and the contracts; the API has its own
// node:test suite (it runs over real HTTP against real databases, see api/README).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const path = require('node:path');
const { hostShareConstants } = require('./tools/mf-config');

const project = (name, environment) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: environment,
  transform: { '^.+\\.(t|j)sx?$': swc },
  setupFilesAfterEnv: environment === 'jsdom' ? ['<rootDir>/../jest.setup-dom.ts'] : [],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  // @ant-design/icons' CommonJS build requires @ant-design/colors' ES-module files, which jest
  // cannot load untransformed; the CommonJS files hold the same code.
  moduleNameMapper: { '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1' },
  // The constants webpack defines for the host's build.
  globals: name === 'host' ? hostShareConstants(path.join(__dirname, 'host')) : {},
});

module.exports = {
  // jest's default leaves one of the two cores idle; jsdom suites are CPU-bound.
  maxWorkers: 2,
  projects: [
    project('shared-contracts', 'node'),
    project('shared-auth', 'jsdom'),
    project('shared-ui', 'jsdom'),
    project('shared-voice', 'jsdom'),
    project('host', 'jsdom'),
    project('mf-user-dashboard', 'jsdom'),
    project('mf-agent-softphone', 'jsdom'),
    project('mf-admin', 'jsdom'),
  ],
};
