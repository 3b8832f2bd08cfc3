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

/**
 * The path of the first string (a value or a key) in JSON or query-string input that holds a forbidden
 * character, or null. Requests are checked with it before their schemas run, so every text field
 * of every endpoint refuses them alike.
 */
export function findControlCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path || 'Text' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findControlCharacter(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  // Files and binary data are checked by what they hold, not as text.
  if (value === null || typeof value !== 'object' || value instanceof Blob || ArrayBuffer.isView(value) || value instanceof Date) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (hasControlCharacter(key)) return path === '' ? 'Field names' : `${path} field names`;
    const found = findControlCharacter(item, at);
    if (found !== null) return found;
  }
  return null;
}
