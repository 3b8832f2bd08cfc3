/** What a table shows for a missing value. */
export const NOT_AVAILABLE_TEXT = 'N/A';

export const orNotAvailable = (value: string | number | null | undefined): string =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
    ? NOT_AVAILABLE_TEXT
    : String(value);

/** What a call shows for a caller who is not a known lead. */
export const UNKNOWN_CALLER_TEXT = 'Unknown caller';

export const leadNameOf = (call: { lead: { fullName: string } | null }): string => call.lead?.fullName ?? UNKNOWN_CALLER_TEXT;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A length of time as "hh:mm:ss", the format of the softphone's running call timer (spec
 * section 2), used for every duration the product shows; hours keep counting past 99.
 */
export function formatDuration(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
