import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

type ScreenModule = { default: ComponentType };

/** A component whose code loads on first render, or earlier through `preload`. */
export interface Preloadable {
  component: LazyExoticComponent<ComponentType>;
  /** Starts the load the component will wait on (one load, shared by both). */
  preload: () => Promise<unknown>;
}

/** A thenable that calls back synchronously: React.lazy reads its module in the same render. */
const settled = (module: ScreenModule) =>
  ({ then: (onFulfilled: (value: ScreenModule) => unknown) => onFulfilled(module) }) as unknown as Promise<ScreenModule>;

/**
 * Create once, at module scope: a lazy() made during render is a new component each render.
 * Code already in (preloaded at start-up) is handed to React.lazy as a thenable that settles at
 * once, so it renders in the same pass. A promise, even a settled one, settles a microtask
 * later: React would commit the loading view first, then hold the screen back until 300 ms
 * after it (its throttle on revealing Suspense content).
 */
export function preloadable(load: () => Promise<ComponentType>): Preloadable {
  let loading: Promise<ScreenModule> | undefined;
  let loaded: ScreenModule | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = { default: component };
      return loaded;
    }));
  return { component: lazy(() => (loaded ? settled(loaded) : preload())), preload };
}
