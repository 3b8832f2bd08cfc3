import { remoteErrorPlugin } from './remote-error-plugin';
import { RemoteLoadError } from './remote-load-error';

type Args = Parameters<NonNullable<ReturnType<typeof remoteErrorPlugin>['errorLoadRemote']>>[0];
const run = (args: Partial<Args>) => remoteErrorPlugin().errorLoadRemote!({ from: 'runtime', ...args } as Args);

let warn: jest.SpyInstance;
beforeEach(() => (warn = jest.spyOn(console, 'warn').mockImplementation(() => {})));
afterEach(() => warn.mockRestore());

test('a manifest that cannot be fetched becomes a RemoteLoadError naming the remote', () => {
  expect(() =>
    run({ id: 'https://admin.test/mf-manifest.json', lifecycle: 'afterResolve', error: new TypeError('Failed to fetch'), remote: { name: 'admin', entry: 'x' } } as Partial<Args>),
  ).toThrow(RemoteLoadError);
  expect(warn).toHaveBeenCalledWith('Remote "admin" could not be loaded: afterResolve: Failed to fetch');
});

test('the same failure coming back at onLoad is passed on once, untouched', () => {
  const failure = new RemoteLoadError('admin', 'afterResolve: Failed to fetch');
  expect(() => run({ id: 'admin/AiClients', lifecycle: 'onLoad', error: failure })).toThrow(failure);
  expect(warn).not.toHaveBeenCalled();
});

test('other stages keep the runtime default', () => {
  expect(run({ id: 'react', lifecycle: 'beforeLoadShare', error: new Error('x') })).toBeUndefined();
});
