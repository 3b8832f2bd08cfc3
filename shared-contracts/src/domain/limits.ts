/** Business constants. */
export const FREE_PLAN_AGENT_LIMIT = 3;
export const freePlanLimitMessage = (limit: number): string =>
  `You can only have ${limit} agents in the free plan`;
export const AI_CLIENT_PAGE_SIZE = 10;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** The last page a list may be asked for: past it no list has rows, and the offset stays a safe integer. */
export const MAX_PAGE = 1_000_000;
export const SWR_UNUSED_CACHE_MS = 60_000;
export const TOAST_MAX_VISIBLE = 3;
/** Queue calls dial a fixed placeholder number. */
export const QUEUE_PLACEHOLDER_NUMBER = '+10000000000';
export const DIALER_ALLOWED_DIGITS = /^[0-9*#w]$/;
