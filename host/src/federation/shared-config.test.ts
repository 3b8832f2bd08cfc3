// Every shared singleton must carry a real version: a share provided as version "0" fails every
// consumer's version check, and the runtime warns about it on each page.
import path from 'node:path';

const { createAppConfig, SINGLETONS } = jest.requireActual<{
  createAppConfig: (options: { name: string; dirname: string; port: number }) => () => [{ plugins: Array<{ _options?: { shared?: Record<string, { version?: string }> } }> }, unknown];
  SINGLETONS: string[];
}>('mf-config');

const remotes = ['mf-user-dashboard', 'mf-agent-softphone', 'mf-admin'];
const semver = expect.stringMatching(/^\d+\.\d+\.\d+/);

test.each(remotes)('%s provides each singleton with the installed package version', (app) => {
  const dirname = path.join(__dirname, '..', '..', '..', app);
  // A remote's build is the app and, beside it, the runtime core for its standalone page.
  const [config] = createAppConfig({ name: app.replace(/-/g, '_'), dirname, port: 1 })();
  const shared = config.plugins.find((plugin) => plugin._options?.shared)?._options?.shared ?? {};
  for (const key of SINGLETONS) {
    expect({ key, version: shared[key]?.version }).toEqual({ key, version: semver });
  }
});

test('the host knows the installed version of each package it provides', () => {
  for (const pkg of [...SINGLETONS.map((key) => key.replace(/\/$/, '')), 'antd']) {
    expect({ pkg, version: __SHARED_VERSIONS__[pkg]?.version }).toEqual({ pkg, version: semver });
  }
});
