import * as v from 'valibot';
import { ROLES } from '../domain/roles';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from '../domain/limits';
import { US_PHONE_PATTERN, normalizePhoneB, notUsPhoneText } from '../domain/phone';
import { HTML_NOT_ALLOWED_TEXT, containsHtmlTag } from '../domain/html';
import { isCalendarDate, isTimeZone } from '../domain/time';

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
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, 'Must be a whole number'), v.transform(Number))], 'Must be a whole number'),
      v.integer('Must be a whole number'),
      v.minValue(min, `Must be at least ${min}`),
      v.maxValue(max, `Must be at most ${max}`),
    ),
    fallback,
  );

/** Paging input: page starts at 1. */
export const PageInput = {
  page: intFrom(1, MAX_PAGE, 1),
  limit: intFrom(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
};
export const SearchText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Search is too long')), '');

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export const CallDirection = v.picklist(CALL_DIRECTIONS, 'Direction must be inbound or outbound');
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

/** Refuses text with HTML tags (the HTML detector of domain/html.ts), so names and messages render as text. */
export const noHtml = (label: string) =>
  v.check((text: string) => !containsHtmlTag(text), `${label}: ${HTML_NOT_ALLOWED_TEXT}`);

/** A required, trimmed, single-purpose text field with no HTML. */
export const PlainText = (label: string, max = 200) =>
  v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(max, `${label} is too long`), noHtml(label));

/** A phone number as a user types it: normalised (spec normalisation B), then required to be a US number. */
export const UsPhoneInput = (label = 'Phone number') =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.transform(normalizePhoneB),
    v.regex(US_PHONE_PATTERN, notUsPhoneText(label)),
  );

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORDS_DO_NOT_MATCH_TEXT = 'Passwords do not match';

/** A password being checked (not chosen): only required, never trimmed. */
export const CurrentPassword = v.pipe(
  v.string('Password is required'),
  v.nonEmpty('Password is required'),
  v.maxLength(256, 'Password is too long'),
);

/** A password being chosen: 8 to 128 characters with at least one letter and one number. */
export const NewPassword = (label = 'Password') =>
  v.pipe(
    v.string(`${label} is required`),
    v.nonEmpty(`${label} is required`),
    v.minLength(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`),
    v.maxLength(PASSWORD_MAX_LENGTH, `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`),
    v.check((p: string) => /[A-Za-z]/.test(p) && /\d/.test(p), `${label} must contain a letter and a number`),
  );

/** A confirmation field; whether it matches is checked on the object. */
export const ConfirmPassword = v.pipe(v.string('Confirm your password'), v.nonEmpty('Confirm your password'));

export const TIME_ZONE_UNKNOWN_TEXT = 'Choose a valid time zone';

/** An IANA time zone name the runtime knows (the API also checks that its database knows it). */
export const TimeZone = v.pipe(
  v.string('Time zone is required'),
  v.trim(),
  v.nonEmpty('Time zone is required'),
  v.check(isTimeZone, TIME_ZONE_UNKNOWN_TEXT),
);

export const HttpUrl = (label = 'Web address') =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(2048, `${label} is too long`),
    v.url(`${label} must be a valid URL`),
    v.check((u: string) => /^https?:\/\//i.test(u), `${label} must start with http:// or https://`),
  );

export const IsoDate = v.pipe(
  v.string('Date is required'),
  v.isoDate('Dates use the format YYYY-MM-DD'),
  v.check(isCalendarDate, 'That day does not exist'),
);

/** A credential the user pastes: kept as typed apart from surrounding spaces, never echoed back. */
export const Secret = (label: string) =>
  v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(4096, `${label} is too long`));

/** The `data` of an action with nothing else to return: a sentence the client may toast. */
export const Ack = v.object({ message: v.string() });
export type Ack = v.InferOutput<typeof Ack>;

/** The `data` of a delete: the id that is gone. */
export const Deleted = v.object({ id: Id });

export const NOTHING_TO_UPDATE_TEXT = 'Change at least one field';

/**
 * An update body: every field optional, at least one present. `null` counts as present
 * (it clears a nullable field). Entries must not carry defaults, or absent fields would be
 * filled in and overwrite stored values.
 */
export const partialUpdate = <const E extends v.ObjectEntries>(entries: E) => {
  const schema = v.partial(v.object(entries));
  return v.pipe(
    schema,
    v.check<v.InferOutput<typeof schema>, typeof NOTHING_TO_UPDATE_TEXT>(
      (value) => Object.values(value as Record<string, unknown>).some((x) => x !== undefined),
      NOTHING_TO_UPDATE_TEXT,
    ),
  );
};

/** A byte limit as a form states it beside an upload button: "10 MB". */
export const fileSizeText = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Why a file over `maxBytes` is refused: the same words from the server and before an upload starts. */
export const fileTooLargeText = (maxBytes: number) => `The file must be at most ${fileSizeText(maxBytes)}`;

/** A file of a multipart body: a blob of one of the allowed types, at most `maxBytes`. */
export const FileUpload = (types: readonly `${string}/${string}`[], maxBytes: number, typesText: string) =>
  v.pipe(
    v.blob('Choose a file to upload'),
    v.check((b: Blob) => b.size > 0, 'The file is empty'),
    v.mimeType(types, `Upload ${typesText}`),
    v.maxSize(maxBytes, fileTooLargeText(maxBytes)),
  );

/**
 * The message of an object schema's own issues. valibot reports a missing field as a generic
 * "Invalid key" issue of the object; this reports the field's own first message instead
 * (its "… is required" text), so a form or API caller sees which field is missing and why.
 */
export const missingFieldMessage =
  (entries: v.ObjectEntries, typeMessage = 'Expected an object') =>
  (issue: v.ObjectIssue): string => {
    const key = issue.path?.[issue.path.length - 1]?.key;
    const entry = typeof key === 'string' && Object.hasOwn(entries, key) ? entries[key] : undefined;
    if (entry) {
      const result = v.safeParse(entry, undefined);
      if (!result.success) return result.issues[0].message;
    }
    return typeMessage;
  };

/** A request object (body, query) whose missing fields report their own messages. */
export const requestObject = <const E extends v.ObjectEntries>(entries: E, typeMessage?: string) =>
  v.object(entries, missingFieldMessage(entries, typeMessage));

/** What a strict body says about a field it does not have. */
export const unknownFieldText = (field: string) => `Unknown field "${field}"`;

/**
 * A request object that refuses fields it does not declare instead of dropping them, so a caller
 * who misspells a field, or sends one this endpoint does not keep, learns it rather than losing
 * the value without a word. Missing fields report their own messages, as in `requestObject`.
 */
export const strictRequestObject = <const E extends v.ObjectEntries>(entries: E, typeMessage?: string) => {
  const missing = missingFieldMessage(entries, typeMessage);
  return v.strictObject(entries, (issue: v.StrictObjectIssue) => {
    const key = issue.path?.[issue.path.length - 1]?.key;
    return issue.expected === 'never' && typeof key === 'string' ? unknownFieldText(key) : missing(issue as unknown as v.ObjectIssue);
  });
};

/** What every report filters by: paging, search and an inclusive from/to day range. */
export const REPORT_FILTER_ENTRIES = {
  ...PageInput,
  search: SearchText,
  from: v.optional(IsoDate),
  to: v.optional(IsoDate),
};

export const DATE_RANGE_ORDER_TEXT = 'The start date must be on or before the end date';

type DateRange = { from?: string; to?: string };
const dateRangeCheck = v.forward(
  v.partialCheck<DateRange, [['from'], ['to']], DateRange, string>(
    [['from'], ['to']],
    (f) => f.from === undefined || f.to === undefined || f.from <= f.to,
    DATE_RANGE_ORDER_TEXT,
  ),
  ['to'],
);

/** A report filter's range must not end before it starts; the error is on `to`. It reads only
 *  `from` and `to`, so it serves any filter object that has them. */
export const dateRangeInOrder = <T extends DateRange>() =>
  dateRangeCheck as unknown as v.BaseValidation<T, T, v.PartialCheckIssue<T>>;
