// The host is an ordinary bundle that hands remotes its own modules through the federation
// runtime. A remote that got its own React or its own shared-auth would break hooks and split
// the session store, so these check the hand-over with the real runtime.
import { createInstance } from '@module-federation/enhanced/runtime';
import * as react from 'react';
import * as sharedAuth from 'shared-auth';
import * as button from 'shared-ui/src/antd/button';
import * as icons from 'shared-ui/src/antd/icons';
import * as sharedContracts from 'shared-contracts';
import { hostShares, packageOf, SHARED_MODULES } from './host-shares';

const { SHARED_PACKAGES } = jest.requireActual<{ SHARED_PACKAGES: string[] }>('../../../tools/mf-config');
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2)}`;

/**
 * A remote as its build registers itself: its own copies, as fallbacks, at the host's versions
 * unless `versions` names another (a remote built from other source).
 */
function remoteOver(host: ReturnType<typeof createInstance>, keys: string[], versions: Record<string, string> = {}) {
  const own = { own: true };
  const remote = createInstance({
    name: unique('remote'),
    remotes: [],
    shareStrategy: 'loaded-first',
    shared: Object.fromEntries(keys.map((key) => {
      const hosts = __SHARED_VERSIONS__[key] ?? __SHARED_VERSIONS__[key.startsWith('shared-ui/antd/') ? 'antd' : packageOf(key)]!;
      const version = versions[key] ?? hosts.version;
      const requiredVersion = hosts.singleton ? `^${version}` : version;
      return [key, { version, get: () => Promise.resolve(() => own), shareConfig: { singleton: hosts.singleton, requiredVersion } }];
    })),
  });
  remote.initShareScopeMap('default', host.shareScopeMap.default!);
  return { remote, own };
}

test('a remote gets the host\'s own React, shared-auth and antd components, not its fallbacks', async () => {
  const host = createInstance({ name: unique('host'), remotes: [], shareStrategy: 'loaded-first', shared: hostShares() });
  const { remote, own } = remoteOver(host, ['react', 'react-dom/client', 'shared-auth', 'shared-ui/antd/button']);
  await remote.initializeSharing('default', { strategy: 'loaded-first' });

  const load = async <T>(key: string) => ((await remote.loadShare(key)) as () => T)();
  // The very same hooks, session store and component: one instance in the page.
  expect((await load<typeof react>('react')).useState).toBe(react.useState);
  expect((await load<typeof sharedAuth>('shared-auth')).authStore).toBe(sharedAuth.authStore);
  expect((await load<typeof button>('shared-ui/antd/button')).Button).toBe(button.Button);
  expect(await load('react')).not.toBe(own);
  // React's own exports object, not a wrapper of getters around it.
  expect(await load('react')).toBe(jest.requireActual('react'));
  expect(await load('react-dom/client')).toBe(jest.requireActual('react-dom/client'));
});

test('a remote built from the same contract source gets the host\'s shared-contracts; one built from other source runs its own', async () => {
  const host = createInstance({ name: unique('host'), remotes: [], shareStrategy: 'loaded-first', shared: hostShares() });
  const same = remoteOver(host, ['shared-contracts', 'shared-auth']);
  await same.remote.initializeSharing('default', { strategy: 'loaded-first' });
  expect(((await same.remote.loadShare('shared-contracts')) as () => unknown)()).toBe(sharedContracts);

  // Shipped ahead of the host (or behind it): its contract differs, so it keeps its own, while
  // the session store is still the host's one copy.
  const other = remoteOver(host, ['shared-contracts', 'shared-auth'], { 'shared-contracts': '1.0.0-src.000000000000' });
  await other.remote.initializeSharing('default', { strategy: 'loaded-first' });
  expect(((await other.remote.loadShare('shared-contracts')) as () => unknown)()).toBe(other.own);
  expect(((await other.remote.loadShare('shared-auth')) as () => typeof sharedAuth)().authStore).toBe(sharedAuth.authStore);
});

test('a remote built with the host\'s list of icons gets the host\'s; one built with another list runs its own, so a new icon is never missing', async () => {
  const host = createInstance({ name: unique('host'), remotes: [], shareStrategy: 'loaded-first', shared: hostShares() });
  expect(__SHARED_VERSIONS__['shared-ui/antd/icons']).toMatchObject({ version: expect.stringMatching(/-src\.[0-9a-f]{12}$/), singleton: false });
  const same = remoteOver(host, ['shared-ui/antd/icons']);
  await same.remote.initializeSharing('default', { strategy: 'loaded-first' });
  expect(((await same.remote.loadShare('shared-ui/antd/icons')) as () => typeof icons)().PhoneOutlined).toBe(icons.PhoneOutlined);

  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const other = remoteOver(host, ['shared-ui/antd/icons'], { 'shared-ui/antd/icons': `${__SHARED_VERSIONS__.antd!.version}-src.000000000000` });
  await other.remote.initializeSharing('default', { strategy: 'loaded-first' });
  expect(((await other.remote.loadShare('shared-ui/antd/icons')) as () => unknown)()).toBe(other.own);
  warn.mockRestore();
});

test('the host provides every package tools/mf-config shares, and only those', () => {
  const keys = Object.keys(SHARED_MODULES);
  for (const shared of SHARED_PACKAGES) {
    const covered = shared.endsWith('/') ? keys.some((key) => key.startsWith(shared)) : keys.includes(shared);
    expect({ shared, covered }).toEqual({ shared, covered: true });
  }
  const packages = new Set(SHARED_PACKAGES.map((key) => key.replace(/\/$/, '')));
  for (const key of keys) expect({ key, shared: packages.has(packageOf(key)) }).toEqual({ key, shared: true });
  // Remotes import react/jsx-runtime and react-dom/client (the `react/` and `react-dom/` shares).
  expect(keys).toEqual(expect.arrayContaining(['react/jsx-runtime', 'react-dom/client']));
});

test('every antd component is offered at the installed antd version, the icons at their source\'s', () => {
  const shared = hostShares();
  for (const name of __ANTD_SHARE_NAMES__) {
    const version = name === 'icons' ? __SHARED_VERSIONS__['shared-ui/antd/icons']!.version : __SHARED_VERSIONS__.antd!.version;
    expect(shared[`shared-ui/antd/${name}`]).toMatchObject({ version });
  }
  expect(__ANTD_SHARE_NAMES__.length).toBeGreaterThan(30);
});
