import { useSyncExternalStore } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { APP_ROUTES, type AppRoute } from 'shared-contracts';
import { routeAt } from '../app/route-table';
import { preloadable, type Preloadable } from '../app/preloadable';
import { federation } from './init-federation';
import { RemoteLoadError } from './remote-load-error';
import type { RemoteName } from './remotes';

export type RemoteScreenComponent = LazyExoticComponent<ComponentType>;

/** Screens a remote exposes that no route owns: the agent's floating softphone. */
export const FLOATING_SCREENS = [{ remote: 'agentSoftphone', screen: 'Softphone' }] as const;

const screenId = (remote: RemoteName, screen: string) => `${remote}/${screen}`;

/** An exposed module must default-export its screen (`export default function Overview()`). */
async function loadScreen(remote: RemoteName, screen: string): Promise<ComponentType> {
  const { loadRemote } = await federation();
  const module = await loadRemote<{ default?: ComponentType }>(screenId(remote, screen));
  if (!module?.default) throw new RemoteLoadError(remote, `${screenId(remote, screen)} has no default export`);
  return module.default;
}

interface ScreenEntry extends Preloadable {
  remote: RemoteName;
  screen: string;
}

const screenEntry = (remote: RemoteName, screen: string): ScreenEntry => ({
  remote, screen, ...preloadable(() => loadScreen(remote, screen)),
});

// Created once per screen, here at module scope: a lazy() made during render would be a new
// component each render and remount its screen.
const screens = new Map<string, ScreenEntry>();
function add(remote: RemoteName, screen: string) {
  screens.set(screenId(remote, screen), screenEntry(remote, screen));
}
for (const route of APP_ROUTES) if (route.owner !== 'host') add(route.owner, route.screen);
for (const { remote, screen } of FLOATING_SCREENS) add(remote, screen);

/** The remote screens a route's page renders: its screen, and the softphone on an agent route. */
export function remoteScreensOf(route: AppRoute | undefined): ReadonlyArray<{ remote: RemoteName; screen: string }> {
  if (!route || route.owner === 'host') return [];
  const owner = route.owner;
  return [{ remote: owner, screen: route.screen }, ...FLOATING_SCREENS.filter((f) => f.remote === owner)];
}

/** The same, for the page at `pathname`. */
export const remoteScreensAt = (pathname: string) => remoteScreensOf(routeAt(pathname));

/**
 * Starts loading the remote screens a page will render (`remoteScreensOf`), before the session
 * check and the layout: a remote's entry, its exposed module and their shared modules are a chain of
 * requests, and starting it early overlaps that chain with the host's own start-up work.
 * Settles once every one has loaded or failed; a failure is left for the screen itself to
 * report when it renders.
 */
export function preloadScreens(pageScreens: ReturnType<typeof remoteScreensOf>): Promise<void> {
  const loads = pageScreens.map(({ remote, screen }) => screens.get(screenId(remote, screen))?.preload().catch(() => undefined));
  return Promise.all(loads).then(() => undefined);
}

let generation = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * React.lazy remembers a failure for good, so after a remote is re-registered each of its
 * screens gets a new lazy component, and the screens on show re-render with it.
 */
export function renewRemoteScreens(remote: RemoteName): void {
  for (const entry of screens.values()) {
    if (entry.remote === remote) Object.assign(entry, screenEntry(remote, entry.screen));
  }
  generation += 1;
  listeners.forEach((listener) => listener());
}

export function useRemoteScreen(remote: RemoteName, screen: string): RemoteScreenComponent {
  useSyncExternalStore(subscribe, () => generation, () => generation);
  const id = screenId(remote, screen);
  if (!screens.has(id)) add(remote, screen);
  return screens.get(id)!.component;
}
