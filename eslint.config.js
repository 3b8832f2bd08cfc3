// @ts-check
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');

const remotes = ['mf-user-dashboard', 'mf-agent-softphone', 'mf-admin'];

/** Imports pointing the wrong way (the house rule: arrows only point down). Package names
 *  are matched as bare specifiers, so a relative `./api/...` inside a package is not caught. */
const pkg = (names) => `^(${names.join('|')})(/|$)`;
const forbid = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const antdThroughSharedUi = {
  regex: pkg(['antd', '@ant-design/icons']),
  message: 'Import antd through shared-ui: a shared module is not tree-shaken, so the apps share one curated set.',
};
const apiImports = { regex: pkg(['shared-auth', 'shared-ui', 'shared-voice', 'react', 'host', ...remotes]), message: 'The API imports only shared-contracts.' };
/** Inside the API the AI call runtime builds on telephony, which reaches it only through AiCallConnector. */
const telephonyImports = { regex: '(^|/)voice-agent(/|$)', message: 'Telephony never imports voice-agent: voice-agent depends on telephony, not the reverse.' };
/** A module's file reaches another module only through that module's index.ts: `../<module>` (from
 *  a subfolder `../../<module>`) is allowed, a file inside it (`../<module>/<file>`, or
 *  `../../modules/<module>/<file>`) is not. `depth` is how deep under api/src/modules/ the file is. */
const moduleInternals = (depth) => ({
  regex: `^(\\.\\./){${depth}}(\\.\\./modules/[^/]+|[^./][^/]*)/`,
  message: 'Import another API module through its index.ts (`../<module>`), not a file inside it.',
});
const moduleDepths = [1, 2, 3];
const appImports = (names) => ({ regex: `(${pkg(names)})|^(\\.\\./)+(${names.join('|')})/`, message: 'Apps never import each other: remotes import only shared packages, and the host loads remotes at run time.' });

module.exports = tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'e2e/.stack/**', '**/drizzle/**', 'e2e/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    ignores: ['api/**', 'e2e/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...remotes.map((name) => ({
    files: [`${name}/src/**`],
    rules: forbid([antdThroughSharedUi, appImports(['host', ...remotes.filter((r) => r !== name)])]),
  })),
  { files: ['host/src/**'], rules: forbid([antdThroughSharedUi, appImports(remotes)]) },
  { files: ['shared-auth/src/**', 'shared-contracts/src/**', 'shared-ui/src/**', 'shared-voice/src/**'], rules: forbid([{ regex: pkg(['host', 'api', ...remotes]), message: 'Shared packages never import apps.' }]) },
  { files: ['shared-contracts/src/**'], rules: forbid([{ regex: pkg(['react', 'react-dom', 'drizzle-orm', 'fastify', 'shared-auth', 'shared-ui', 'shared-voice', 'host', 'api', ...remotes]), message: 'shared-contracts is pure TypeScript with no React or server code.' }]) },
  { files: ['api/**'], rules: forbid([apiImports]) },
  // A later block's rule replaces the ones above for the same files, so each lists every pattern.
  ...moduleDepths.map((depth) => ({
    files: [`api/src/modules/${'*/'.repeat(depth)}*.ts`],
    rules: forbid([apiImports, moduleInternals(depth)]),
  })),
  { files: ['api/src/modules/telephony/**'], rules: forbid([apiImports, telephonyImports]) },
  ...moduleDepths.map((depth) => ({
    files: [`api/src/modules/telephony/${'*/'.repeat(depth - 1)}*.ts`],
    rules: forbid([apiImports, telephonyImports, moduleInternals(depth)]),
  })),
  // The test kit is for tests, e2e and benchmarks only. A rule of its own (the typescript-eslint
  // twin of no-restricted-imports), so the layering blocks above need not each repeat it.
  {
    files: ['host/**', 'mf-*/**', 'shared-auth/**', 'shared-ui/**', 'shared-voice/**', 'shared-contracts/**', 'api/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{
        group: ['shared-test-kit', 'shared-test-kit/*', '**/shared-test-kit', '**/shared-test-kit/**'],
        message: 'Product code never imports shared-test-kit: it is for the API tests, e2e and benchmarks.',
      }] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-console': 'off' },
  },
  { files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'api/test/**'], rules: { 'no-console': 'off' } },
  // Benchmarks drive a browser: some of their functions run in the page.
  { files: ['bench/**/*.mjs'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
);
