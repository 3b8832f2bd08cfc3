import { atom, useAtomValue } from 'jotai';
import { authStore } from 'shared-auth';

/** The longest a deep link's frame waits for its screen's code: a slow remote must not keep
 *  the menu and header from a user who wants to go elsewhere. */
export const FIRST_SCREEN_WAIT_MS = 2000;

// In the page's one jotai store (AppProviders hands it to every screen).
const frameHeldAtom = atom(false);

/**
 * On a deep link to a remote's screen, the frame (menu, header, the screen) is drawn once the
 * screen's code is in, or after FIRST_SCREEN_WAIT_MS. The frame and the screen then render once,
 * together, and React's work does not hold up the screen's chain of requests, each of which is
 * sent only when the main thread is free.
 */
export function holdFrameFor(screensLoaded: Promise<unknown>, waitMs = FIRST_SCREEN_WAIT_MS): void {
  authStore.set(frameHeldAtom, true);
  const release = () => authStore.set(frameHeldAtom, false);
  const timer = setTimeout(release, waitMs);
  void screensLoaded.finally(() => {
    clearTimeout(timer);
    release();
  });
}

/** True while the frame waits for the first screen's code. */
export function useFrameHeld(): boolean {
  return useAtomValue(frameHeldAtom, { store: authStore });
}
