import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteLoadError } from './remote-load-error';

type ErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['errorLoadRemote']>>[0];

const remoteOf = (args: ErrorArgs): string => {
  const named = (args as { remote?: { name?: string } }).remote?.name;
  return named ?? String(args.id).split('/')[0] ?? 'unknown';
};

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Turns the runtime's load failures into one RemoteLoadError per remote and one console line,
 * instead of recovering silently: the React boundary around each remote shows the fallback
 * and owns Retry. A failure at the manifest stage comes back here again at `onLoad`; the same
 * error is passed on untouched so it is reported once.
 */
export function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'host-remote-error',
    errorLoadRemote(args) {
      if (args.error instanceof RemoteLoadError) throw args.error;
      if (args.lifecycle !== 'onLoad' && args.lifecycle !== 'afterResolve' && args.lifecycle !== 'beforeRequest') {
        return undefined;
      }
      const failure = new RemoteLoadError(remoteOf(args), `${args.lifecycle}: ${describe(args.error)}`, { cause: args.error });
      console.warn(failure.message);
      throw failure;
    },
  };
}
