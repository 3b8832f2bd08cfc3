// Every app's shared singletons must carry a real version: a share provided as version "0"
// fails every consumer's version check, and the runtime warns about it on each page.
import path from 'node:path';

const { createAppConfig, SINGLETONS } = jest.requireActual<{
  createAppConfig: (options: { name: string; dirname: string; port: number; isHost?: boolean }) => () => { plugins: Array<{ _options?: { shared?: Record<string, { version?: string }> } }> };
  SINGLETONS: string[];
}>('mf-config');

const apps = ['host', 'mf-user-dashboard', 'mf-agent-softphone', 'mf-admin'];

test.each(apps)('%s provides each singleton with the installed package version', (app) => {
  const dirname = path.join(__dirname, '..', '..', '..', app);
  const config = createAppConfig({ name: app.replace(/-/g, '_'), dirname, port: 1, isHost: app === 'host' })();
  const shared = config.plugins.find((plugin) => plugin._options?.shared)?._options?.shared ?? {};
  for (const key of SINGLETONS) {
    expect({ key, version: shared[key]?.version }).toEqual({ key, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  }
});
