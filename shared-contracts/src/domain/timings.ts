/** Timings shared by the shell and the remotes. */

/** Subscription (socket → store) updates are batched this often. */
export const SUBSCRIPTION_BATCH_MS = 500;
/** Upper bound of the random delay helper (used, e.g., before serving the local plan list). */
export const RANDOM_DELAY_MAX_MS = 1000;
/** A menu's type-ahead search resets after this long without a key press. */
export const MENU_TYPEAHEAD_RESET_MS = 1000;

/** The toaster's position and the library defaults it keeps. */
export const TOAST_POSITION = { vertical: 'top', horizontal: 'right' } as const;
export const TOAST_HOTKEY = ['altKey', 'KeyT'] as const;
export const TOAST_REGION_LABEL = 'Notifications';

/** A whole number of milliseconds in [0, RANDOM_DELAY_MAX_MS]; `random` is injectable for tests. */
export const randomDelayMs = (random: () => number = Math.random, max: number = RANDOM_DELAY_MAX_MS): number =>
  Math.min(max, Math.max(0, Math.floor(random() * (max + 1))));

/** Resolves after a random delay of up to RANDOM_DELAY_MAX_MS, with the delay it waited. */
export const randomDelay = (random: () => number = Math.random): Promise<number> => {
  const ms = randomDelayMs(random);
  return new Promise((resolve) => setTimeout(() => resolve(ms), ms));
};
