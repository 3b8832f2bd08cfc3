/** Spec section 2: what a table shows for a missing value. */
export const NOT_AVAILABLE_TEXT = 'N/A';

export const orNotAvailable = (value: string | number | null | undefined): string =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
    ? NOT_AVAILABLE_TEXT
    : String(value);
