import { shareSkewPlugin } from './share-skew-plugin';

type Args = Parameters<NonNullable<ReturnType<typeof shareSkewPlugin>['resolveShare']>>[0];
// Exact versions, as the source-versioned packages use: equal or not.
const exact = (version: string, range: string) => version === range;
const args = (pkgName: string, version: string, required: string, singleton: boolean) =>
  ({ pkgName, version, shareInfo: { from: 'admin', shareConfig: { requiredVersion: required, singleton } } }) as unknown as Args;

let warn: jest.SpyInstance;
beforeEach(() => (warn = jest.spyOn(console, 'warn').mockImplementation(() => {})));
afterEach(() => warn.mockRestore());

test('a remote built against other shared-auth source is named with both versions, once', () => {
  const plugin = shareSkewPlugin(exact);
  const sent = args('shared-auth', '1.0.0-src.aaaaaaaaaaaa', '1.0.0-src.bbbbbbbbbbbb', true);
  expect(plugin.resolveShare!(sent)).toBe(sent);
  plugin.resolveShare!(sent);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(warn).toHaveBeenCalledWith('Shared module shared-auth: "admin" was built against 1.0.0-src.bbbbbbbbbbbb, the page has 1.0.0-src.aaaaaaaaaaaa; it takes the page\'s copy');
});

test('a remote on other contract source is told to run its own copy', () => {
  shareSkewPlugin(exact).resolveShare!(args('shared-contracts', '1.0.0-src.aaaaaaaaaaaa', '1.0.0-src.cccccccccccc', false));
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('it runs its own copy'));
});

test('a version that satisfies the range says nothing', () => {
  shareSkewPlugin(() => true).resolveShare!(args('react', '19.3.1', '^19.3.0', true));
  expect(warn).not.toHaveBeenCalled();
});
