import * as v from 'valibot';
import { decodeJson, INPUT_NESTING_TEXT, inputRefusal } from 'shared-contracts';

/** What a house check or the schema found wrong with an input. */
export interface InputIssue {
  /**
   * Which check refused it: the house checks (`not-an-object`, `nesting`, `control-character`)
   * refuse the whole input before its schema runs; `schema` is one issue of the schema itself.
   */
  kind: 'not-valid-json' | 'not-an-object' | 'nesting' | 'control-character' | 'schema';
  /** The sentence to show or say; the first issue's is the one a client shows. */
  message: string;
  /** Where in the input, dotted ("rows.0.name"), or null for the input as a whole. */
  path: string | null;
}

export type ParsedInput<T> = { ok: true; output: T } | { ok: false; issues: [InputIssue, ...InputIssue[]] };

export interface ParseInputOptions {
  /**
   * Valibot reports a missing key with the object's generic text ("Invalid key: Expected "email"
   * but received undefined"); with this the field's own schema says it ("Email is required"),
   * as HTTP answers do. Without it, the object schema's words stand (a tool's arguments set them).
   */
  fieldWordsForMissing?: boolean;
}

export const OBJECT_EXPECTED_TEXT = 'Send a JSON object';
export const NOT_JSON_TEXT = 'Message is not valid JSON';

type Issue = v.BaseIssue<unknown>;
type SchemaLike = { entries?: Record<string, SchemaLike> } & v.GenericSchema;

/** The entry schema at an issue's path, when the path runs through object schemas. */
function entryAt(schema: SchemaLike, keys: unknown[]): SchemaLike | undefined {
  let current: SchemaLike | undefined = schema;
  for (const key of keys) current = typeof key === 'string' ? current?.entries?.[key] : undefined;
  return current;
}

/** A missing key in the words of the field's own schema (see fieldWordsForMissing). */
function fieldMessage(schema: SchemaLike, issue: Issue): string {
  const last = issue.path?.at(-1);
  if (issue.type !== 'object' || last?.origin !== 'key' || issue.input !== undefined) return issue.message;
  const entry = entryAt(schema, issue.path!.map((item) => item.key));
  const own = entry ? v.safeParse(entry, undefined) : undefined;
  if (own && !own.success && own.issues[0]) return own.issues[0].message;
  return `${String(last.key)} is required`;
}

const refused = (kind: InputIssue['kind'], message: string): ParsedInput<never> => ({ ok: false, issues: [{ kind, message, path: null }] });

/**
 * The one parser of outside input (a request part, a socket or relay frame, a tool's arguments):
 * the house checks first, then the schema. An object schema is given an object, never an array
 * (valibot takes an array for one); objects and arrays nest no deeper than MAX_INPUT_NESTING; no
 * text or key holds a control character (PostgreSQL refuses NUL with an error). One walk of the
 * input, so the cost is linear in its size. Never throws: the issues come back instead.
 */
export function parseInput<S extends v.GenericSchema>(
  schema: S, input: unknown, options: ParseInputOptions = {},
): ParsedInput<v.InferOutput<S>> {
  if (Array.isArray(input) && schema.type === 'object') return refused('not-an-object', OBJECT_EXPECTED_TEXT);
  const refusal = inputRefusal(input);
  if (refusal !== null) return refused(refusal === INPUT_NESTING_TEXT ? 'nesting' : 'control-character', refusal);
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, output: result.output };
  const issues = result.issues.map((issue): InputIssue => ({
    kind: 'schema',
    message: options.fieldWordsForMissing ? fieldMessage(schema as SchemaLike, issue) : issue.message,
    path: v.getDotPath(issue),
  }));
  return { ok: false, issues: issues.length > 0 ? issues as [InputIssue, ...InputIssue[]] : [{ kind: 'schema', message: 'Invalid input', path: null }] };
}

/**
 * parseInput for JSON text (a socket or relay frame): text nested too deeply is refused before it
 * is decoded, and text that is not JSON is an issue too.
 */
export function parseJsonInput<S extends v.GenericSchema>(
  schema: S, raw: string, options: ParseInputOptions = {},
): ParsedInput<v.InferOutput<S>> {
  const decoded = decodeJson(raw);
  if (!decoded.ok) return decoded.tooDeep ? refused('nesting', INPUT_NESTING_TEXT) : refused('not-valid-json', NOT_JSON_TEXT);
  return parseInput(schema, decoded.value, options);
}

/** Whether a house check refused the input as a whole (rather than its schema finding issues). */
export const refusedWhole = (issues: readonly InputIssue[]): boolean => issues[0]?.kind !== 'schema';

/** The issues' sentences, joined as one line (a socket frame's or a tool's answer). */
export const issuesText = (issues: readonly InputIssue[]): string => issues.map((issue) => issue.message).join('; ');
