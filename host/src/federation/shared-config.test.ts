// Every shared package must carry a real version: a share provided as version "0" fails every
// consumer's version check, and the runtime warns about it on each page. shared-contracts is
// versioned by its source, so a remote takes the host's copy only when both were built from it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Share { version?: string; requiredVersion?: string; singleton?: boolean }
const { createAppConfig, SHARED_PACKAGES, SHARED_BY_SOURCE, SINGLETON_BY_SOURCE, sourceVersionOf } = jest.requireActual<{
  createAppConfig: (options: { name: string; dirname: string; port: number }) => () => [{ plugins: Array<{ _options?: { shared?: Record<string, Share> } }> }, unknown];
  SHARED_PACKAGES: string[];
  SHARED_BY_SOURCE: string[];
  SINGLETON_BY_SOURCE: string[];
  sourceVersionOf: (pkgName: string, dirname: string) => string;
}>('mf-config');

const remotes = ['mf-user-dashboard', 'mf-agent-softphone', 'mf-admin'];
const semver = expect.stringMatching(/^\d+\.\d+\.\d+/);

function remoteShares(app: string): Record<string, Share> {
  const dirname = path.join(__dirname, '..', '..', '..', app);
  // A remote's build is the app and, beside it, the runtime core for its standalone page.
  const [config] = createAppConfig({ name: app.replace(/-/g, '_'), dirname, port: 1 })();
  return config.plugins.find((plugin) => plugin._options?.shared)?._options?.shared ?? {};
}

test.each(remotes)('%s provides each shared package with the installed package version', (app) => {
  const shared = remoteShares(app);
  for (const key of SHARED_PACKAGES) {
    expect({ key, version: shared[key]?.version }).toEqual({ key, version: semver });
  }
});

test.each(remotes)('%s shares shared-contracts only at the exact source the host was built from', (app) => {
  expect(SHARED_BY_SOURCE).toEqual(['shared-contracts']);
  const share = remoteShares(app)['shared-contracts']!;
  expect(share.version).toMatch(/^1\.0\.0-src\.[0-9a-f]{12}$/);
  expect(share).toMatchObject({ singleton: false, requiredVersion: share.version });
  expect(__SHARED_VERSIONS__['shared-contracts']).toEqual({ version: share.version, requiredVersion: share.version, singleton: false });
});

test.each(remotes)('%s shares shared-auth as one copy in the page, versioned by its source', (app) => {
  expect(SINGLETON_BY_SOURCE).toEqual(['shared-auth']);
  const share = remoteShares(app)['shared-auth']!;
  expect(share.version).toMatch(/^1\.0\.0-src\.[0-9a-f]{12}$/);
  // The session store stays one copy in the page, whatever each app was built from.
  expect(share).toMatchObject({ singleton: true, requiredVersion: share.version });
  expect(__SHARED_VERSIONS__['shared-auth']).toEqual({ version: share.version, requiredVersion: share.version, singleton: true });
});

test('the source version changes with any source file, and not with a test', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'source-version-'));
  const pkgDir = path.join(dir, 'node_modules', 'contracts-like');
  fs.mkdirSync(path.join(pkgDir, 'src', 'http'), { recursive: true });
  fs.writeFileSync(path.join(pkgDir, 'package.json'), JSON.stringify({ name: 'contracts-like', version: '2.3.4' }));
  fs.writeFileSync(path.join(pkgDir, 'src', 'index.ts'), 'export const A = 1;\n');
  fs.writeFileSync(path.join(pkgDir, 'src', 'http', 'sms.ts'), 'export const body = { toNumber: 1 };\n');
  const first = sourceVersionOf('contracts-like', dir);
  expect(first).toMatch(/^2\.3\.4-src\.[0-9a-f]{12}$/);
  fs.writeFileSync(path.join(pkgDir, 'src', 'http', 'sms.test.ts'), 'test("x", () => {});\n');
  expect(sourceVersionOf('contracts-like', dir)).toBe(first);
  fs.writeFileSync(path.join(pkgDir, 'src', 'http', 'sms.ts'), 'export const body = { toNumber: 1, idempotencyKey: 2 };\n');
  const second = sourceVersionOf('contracts-like', dir);
  expect(second).not.toBe(first);
  fs.writeFileSync(path.join(pkgDir, 'src', 'http', 'keys.ts'), 'export const key = 1;\n');
  expect(sourceVersionOf('contracts-like', dir)).not.toBe(second);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the host knows the installed version of each package it provides', () => {
  for (const pkg of [...SHARED_PACKAGES.map((key) => key.replace(/\/$/, '')), 'antd']) {
    expect({ pkg, version: __SHARED_VERSIONS__[pkg]?.version }).toEqual({ pkg, version: semver });
  }
});
