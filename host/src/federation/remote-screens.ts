import { lazy, useSyncExternalStore } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { APP_ROUTES } from 'shared-contracts';
import { RemoteLoadError } from './remote-load-error';
import type { RemoteName } from './remotes';

export type RemoteScreenComponent = LazyExoticComponent<ComponentType>;

/** Screens a remote exposes that no route owns: the agent's floating softphone. */
export const FLOATING_SCREENS = [{ remote: 'agentSoftphone', screen: 'Softphone' }] as const;

const screenId = (remote: RemoteName, screen: string) => `${remote}/${screen}`;

/** An exposed module must default-export its screen (`export default function Overview()`). */
function lazyScreen(remote: RemoteName, screen: string): RemoteScreenComponent {
  return lazy(async () => {
    const module = await loadRemote<{ default?: ComponentType }>(screenId(remote, screen));
    if (!module?.default) throw new RemoteLoadError(remote, `${screenId(remote, screen)} has no default export`);
    return { default: module.default };
  });
}

// Created once per screen, here at module scope: a lazy() made during render would be a new
// component each render and remount its screen.
const screens = new Map<string, { remote: RemoteName; screen: string; component: RemoteScreenComponent }>();
function add(remote: RemoteName, screen: string) {
  screens.set(screenId(remote, screen), { remote, screen, component: lazyScreen(remote, screen) });
}
for (const route of APP_ROUTES) if (route.owner !== 'host') add(route.owner, route.screen);
for (const { remote, screen } of FLOATING_SCREENS) add(remote, screen);

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
    if (entry.remote === remote) entry.component = lazyScreen(remote, entry.screen);
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
