import { INPUT_NESTING_TEXT, MAX_INPUT_NESTING } from './input-nesting';

/**
 * Characters no text field may carry: the C0 controls other than tab, line feed and carriage
 * return, DEL, and lone UTF-16 surrogates. PostgreSQL cannot store NUL in text at all, and the
 * rest only hide text from the people who read it later.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasControlCharacter = (text: string): boolean => FORBIDDEN.test(text);

/** The text without those characters, for text nobody typed (a document's extracted text). */
export const stripControlCharacters = (text: string): string => text.replace(new RegExp(FORBIDDEN.source, 'g'), '');

export const controlCharacterText = (field: string) => `${field} must not contain control characters`;

/** A value met while walking an input, with where it sits (to name it once something is found). */
interface Place { value: unknown; parent: Place | null; key: string | number | null; depth: number }

/** Files, binary data and dates are checked by what they hold, not walked as text. */
const isOpaque = (value: object) => value instanceof Blob || ArrayBuffer.isView(value) || value instanceof Date;

function pathOf(place: Place): string {
  const keys: Array<string | number> = [];
  for (let at: Place | null = place; at !== null && at.key !== null; at = at.parent) keys.push(at.key);
  let path = '';
  for (const key of keys.reverse()) path = typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
  return path;
}

type Finding = { tooDeep: true } | { tooDeep: false; field: string };

/**
 * Walks a decoded input depth first, in document order, on a stack of its own (a call per level
 * would overflow the call stack on deep input), and stops at the first string or key holding a
 * forbidden character, or the first object or array nested more than `maxDepth` deep. Paths are
 * spelled only for what is found, so the walk stays linear in the input's size.
 */
function scan(value: unknown, maxDepth: number): Finding | null {
  const stack: Place[] = [{ value, parent: null, key: null, depth: 0 }];
  for (let place = stack.pop(); place !== undefined; place = stack.pop()) {
    if (typeof place.key === 'string' && hasControlCharacter(place.key)) {
      const owner = pathOf(place.parent!);
      return { tooDeep: false, field: owner === '' ? 'Field names' : `${owner} field names` };
    }
    const item = place.value;
    if (typeof item === 'string') {
      if (hasControlCharacter(item)) return { tooDeep: false, field: pathOf(place) || 'Text' };
      continue;
    }
    if (item === null || typeof item !== 'object' || isOpaque(item)) continue;
    const depth = place.depth + 1;
    if (depth > maxDepth) return { tooDeep: true };
    // Pushed last to first, so they are met first to last.
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1) stack.push({ value: item[i], parent: place, key: i, depth });
    } else {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i -= 1) stack.push({ value: entries[i]![1], parent: place, key: entries[i]![0], depth });
    }
  }
  return null;
}

/**
 * The path of the first string (a value or a key) in JSON or query-string input that holds a
 * forbidden character, or null. Any depth is read; inputRefusal also bounds it.
 */
export function findControlCharacter(value: unknown): string | null {
  const found = scan(value, Number.POSITIVE_INFINITY);
  return found === null || found.tooDeep ? null : found.field;
}

/**
 * What every decoded request and frame is refused with before its schema runs, or null: objects
 * and arrays nested more than MAX_INPUT_NESTING deep, or a forbidden character in any text (the
 * field is named), so every text field of every endpoint and message refuses them alike.
 */
export function inputRefusal(value: unknown): string | null {
  const found = scan(value, MAX_INPUT_NESTING);
  if (found === null) return null;
  return found.tooDeep ? INPUT_NESTING_TEXT : controlCharacterText(found.field);
}
