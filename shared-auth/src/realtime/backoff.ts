export interface BackoffOptions {
  min: number;
  max: number;
  factor: number;
  /** 0..1: how far a delay may stray from the exponential value, either way. */
  jitter: number;
}

/** The general backoff defaults. */
export const RECONNECT_BACKOFF: BackoffOptions = { min: 100, max: 10_000, factor: 2, jitter: 0.5 };

/** Delay before reconnect attempt `attempt` (0 = first); jitter spreads clients that dropped together. */
export function backoffDelay(attempt: number, options: BackoffOptions = RECONNECT_BACKOFF, random = Math.random): number {
  const base = Math.min(options.max, options.min * options.factor ** attempt);
  const spread = base * options.jitter * (random() * 2 - 1);
  return Math.round(Math.min(options.max, Math.max(options.min, base + spread)));
}
