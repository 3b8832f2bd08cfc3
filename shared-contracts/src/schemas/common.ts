import * as v from 'valibot';
import { ROLES } from '../domain/roles';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../domain/limits';
import { US_PHONE_PATTERN } from '../domain/phone';

export const Id = v.pipe(v.string('Id must be a string'), v.uuid('Invalid id'));
export const IsoDateTime = v.pipe(v.string(), v.isoTimestamp());
export const Email = v.pipe(v.string('Email is required'), v.trim(), v.toLowerCase(), v.email('Enter a valid email address'), v.maxLength(254, 'Email is too long'));
export const RoleSchema = v.picklist(ROLES, 'Unknown role');
export const UsPhone = v.pipe(v.string(), v.regex(US_PHONE_PATTERN, 'Phone numbers are +1 followed by ten digits'));
export const NonEmpty = (label: string, max = 500) =>
  v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(max, `${label} is too long`));

/** Numbers in a query string arrive as text. */
const intFrom = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, 'Must be a whole number'), v.transform(Number))]),
      v.integer('Must be a whole number'),
      v.minValue(min, `Must be at least ${min}`),
      v.maxValue(max, `Must be at most ${max}`),
    ),
    fallback,
  );

/** Paging input: page starts at 1. */
export const PageInput = {
  page: intFrom(1, 1_000_000, 1),
  limit: intFrom(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
};
export const SearchText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Search is too long')), '');

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export const CallDirection = v.picklist(CALL_DIRECTIONS, 'Direction must be inbound or outbound');
