import { ROUTE_READY_MARK } from '../app/route-ready';
import { remoteErrorPlugin } from './remote-error-plugin';
import { renewRemoteScreens } from './remote-screens';
import { shareSkewPlugin } from './share-skew-plugin';
import type { RemoteName } from './remotes';

type Runtime = typeof import('@module-federation/enhanced/runtime');

let hostName = 'host';
const entries = new Map<RemoteName, string>();
let runtime: Promise<Runtime> | undefined;

/**
 * The federation runtime is a chunk of its own, loaded the first time a remote is wanted: the
 * host's own pages (sign-in, account) run as an ordinary bundle and pay nothing for it.
 */
const importRuntime = () => import(/* webpackChunkName: "federation" */ '@module-federation/enhanced/runtime');

/** Records the remotes read from runtime-config.json; the runtime starts when one is loaded. */
export function initFederation(name: string, remotes: Record<RemoteName, string>): void {
  hostName = name;
  for (const [remote, entry] of Object.entries(remotes) as Array<[RemoteName, string]>) entries.set(remote, entry);
}

/** The runtime, the host's share table and the plugin that hands the runtime's core to the
 *  remotes (their builds leave it out): one chunk, shared by `warmFederation` and the start. */
const importRuntimeChunk = () =>
  Promise.all([
    importRuntime(),
    import(/* webpackChunkName: "federation" */ './host-shares'),
    import(/* webpackChunkName: "federation" */ '@module-federation/inject-external-runtime-core-plugin'),
  ]);

/** Downloads and evaluates the runtime chunk ahead of need: while runtime-config.json is on its
 *  way to a remote's page, or once a host page is idle, so moving on to a remote finds it ready.
 *  Settles when the chunk has loaded or failed (a failure is reported by the screen that needs it). */
export function warmFederation(): Promise<void> {
  return importRuntimeChunk().then(
    () => undefined,
    () => undefined,
  );
}

/** Runs `task` once a routed screen has mounted (the route-ready mark) and the browser is idle:
 *  work for a later page must not delay this one. Safari has no requestIdleCallback. */
export function whenPageReady(task: () => void): void {
  const idle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => task()) : setTimeout(task, 200));
  if (performance.getEntriesByName(ROUTE_READY_MARK).length > 0) return void idle();
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName(ROUTE_READY_MARK).length) return;
    observer.disconnect();
    idle();
  });
  observer.observe({ type: 'mark' });
}

/** Runs `task` on the visitor's first keypress, tap or focus: on a page before signing in, the
 *  code for the pages after it waits for someone to use this one, and loads while they type. */
export function whenVisitorActs(task: () => void): void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const act = () => {
    for (const event of events) window.removeEventListener(event, act, true);
    task();
  };
  for (const event of events) window.addEventListener(event, act, { capture: true, passive: true });
}

async function startRuntime(): Promise<Runtime> {
  const [federation, { hostShares }, { default: provideRuntimeCore }] = await importRuntimeChunk();
  // Every federation instance in the page (each remote starts its own) reports share skew.
  federation.registerGlobalPlugins([shareSkewPlugin(federation.satisfy)]);
  // 'loaded-first' takes shared modules already loaded instead of fetching every remote at
  // start-up, so one remote down cannot stop the host.
  federation.init({ name: hostName, remotes: [], shared: hostShares(), shareStrategy: 'loaded-first', plugins: [remoteErrorPlugin(), provideRuntimeCore()] });
  federation.registerRemotes([...entries].map(([remote, entry]) => ({ name: remote, entry })));
  return federation;
}

/** The started runtime. A failed start (its chunk did not load) is tried again on the next call. */
export function federation(): Promise<Runtime> {
  runtime ??= startRuntime().catch((error: unknown) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

/**
 * Retry: forget the remote's cached failure (force re-registration, queued ahead of any load
 * that follows) and its failed lazy screens.
 */
export function reloadRemote(remote: RemoteName): void {
  const entry = entries.get(remote);
  if (entry && runtime) {
    runtime = runtime.then((started) => {
      started.registerRemotes([{ name: remote, entry }], { force: true });
      return started;
    });
  }
  renewRemoteScreens(remote);
}
