export const PHONE_COUNTRY_CODE = '+1';

/** Normalisation A: keep digits and plus, then prefix +1 unless it already starts with +1. */
export function normalizePhoneA(input: string): string {
  const kept = input.replace(/[^\d+]/g, '');
  return kept.startsWith(PHONE_COUNTRY_CODE) ? kept : `${PHONE_COUNTRY_CODE}${kept}`;
}

/**
 * Normalisation B: trim and strip non-digits; ten digits get +1, eleven digits starting
 * with 1 get a plus; otherwise a plus is added if missing; empty input stays empty.
 */
export function normalizePhoneB(input: string): string {
  const digits = input.trim().replace(/\D/g, '');
  if (digits === '') return '';
  if (digits.length === 10) return `${PHONE_COUNTRY_CODE}${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return `+${digits}`;
}

/** A stored US phone number: +1 followed by ten digits. */
export const US_PHONE_PATTERN = /^\+1\d{10}$/;
export const isUsPhone = (value: string): boolean => US_PHONE_PATTERN.test(value);

/**
 * A phone number is one account's: it reaches that account's AI agents and human agents, so an
 * AI agent or a human agent of another account cannot be given it (a 409).
 */
export const PHONE_NUMBER_TAKEN_TEXT = 'Another account already has this phone number';

/** What a typed number that is not a US number is told, naming the field it was typed in. */
export const notUsPhoneText = (label = 'Phone number'): string => `${label} must be a US number: +1 followed by ten digits`;
