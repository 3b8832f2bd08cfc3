// The federation runtime is patched (patches/, docs/decisions/0005): this fails if an upgrade
// drops the patch while the upstream code still registers the share table on every shared import.
import { createInstance } from '@module-federation/enhanced/runtime';

const sharedLib = (version: string) => ({
  version,
  lib: () => ({ version }),
  shareConfig: { singleton: true, requiredVersion: `^${version}` },
});

function hostWithThreeShares() {
  let registrations = 0;
  const instance = createInstance({
    name: `patch-test-${Math.random().toString(36).slice(2)}`,
    remotes: [],
    shareStrategy: 'loaded-first',
    shared: { a: sharedLib('1.2.3'), b: sharedLib('2.0.0'), c: sharedLib('3.1.0') },
    plugins: [{ name: 'count-registrations', afterRegisterShare: () => { registrations += 1; } }],
  });
  return { instance, registrations: () => registrations };
}

test('the share table is registered once, not again on every shared import', async () => {
  const { instance, registrations } = hostWithThreeShares();
  instance.loadShareSync('a');
  await instance.loadShare('b');
  const afterFirstImports = registrations();
  for (let i = 0; i < 20; i += 1) {
    instance.loadShareSync('a');
    await instance.loadShare('c');
  }
  expect(registrations()).toBe(afterFirstImports);
  expect((instance.loadShareSync('c') as () => { version: string })()).toEqual({ version: '3.1.0' });
});
