import type { AnySchema, EndpointDef } from './endpoint';

/**
 * The header a client sends with the fingerprint of the endpoint definition it was built with,
 * and the server answers with its own. Parts deployed on their own schedules (a remote built last
 * week, today's API) compare the two to notice contract skew before it shows as a blank column.
 */
export const CONTRACT_HEADER = 'X-Contract';

/** The words a screen shows when the server's contract for an endpoint is not the one it was built with. */
export const SCREEN_OUT_OF_DATE_TEXT = 'This screen is out of date: reload the page';
export const NOTHING_SAVED_TEXT = 'Nothing was saved.';

/** What the server says when it refuses a request built from another contract (409 ContractMismatch). */
export const contractMismatchText = (field: string | undefined): string =>
  `${SCREEN_OUT_OF_DATE_TEXT}. ${NOTHING_SAVED_TEXT}${field ? ` ("${field}" is not what this version of the API expects.)` : ''}`;

/** What the client says when an answer does not fit the response schema it was built with. */
export const answerOutOfDateText = (field: string): string =>
  `${SCREEN_OUT_OF_DATE_TEXT} (the server's answer no longer has "${field}" as this screen expects).`;

// The parts of a valibot schema that decide what it accepts; messages, functions and caches do not.
const STRUCTURAL_KEYS = ['kind', 'type', 'expects', 'requirement', 'literal', 'key', 'value', 'entries', 'item', 'items', 'options', 'wrapped', 'rest', 'pipe'] as const;

function canonical(node: unknown, depth: number): unknown {
  if (depth > 64) return '…';
  if (node === null || typeof node !== 'object') {
    if (typeof node === 'function') return undefined;
    return node instanceof RegExp ? String(node) : node;
  }
  if (node instanceof RegExp) return String(node);
  if (Array.isArray(node)) return node.map((item) => canonical(item, depth + 1));
  const record = node as Record<string, unknown>;
  // A schema or an action (it has a kind): only its structural keys, in a fixed order.
  // `lazy` schemas are named, not followed: their getter may refer back to themselves.
  const keys = 'kind' in record ? STRUCTURAL_KEYS.filter((k) => k in record) : Object.keys(record).sort();
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = canonical(record[key], depth + 1);
  return out;
}

/** cyrb53: a fast 53-bit string hash; collisions between two deployed versions are not a concern. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

const fingerprints = new WeakMap<EndpointDef, string>();

/**
 * The fingerprint of one endpoint definition: its method, path and what each part's schema
 * accepts (texts aside, so rewording an error is not skew). Computed once per definition.
 */
export function contractFingerprint(def: EndpointDef): string {
  const known = fingerprints.get(def);
  if (known !== undefined) return known;
  const parts: Record<string, unknown> = { method: def.method, path: def.path.trim(), multipart: def.multipart === true, paged: def.paged === true };
  for (const part of ['params', 'query', 'body', 'response'] as const) parts[part] = def[part] === undefined ? null : canonical(def[part], 0);
  const fingerprint = hash53(JSON.stringify(parts));
  fingerprints.set(def, fingerprint);
  return fingerprint;
}

type SchemaNode = { type?: string; entries?: Record<string, SchemaNode>; wrapped?: SchemaNode; item?: SchemaNode };

const objectEntries = (schema: SchemaNode | undefined): Record<string, SchemaNode> | undefined => {
  let current = schema;
  // optional / nullable / nullish / exact_optional wrap the object schema.
  for (let i = 0; i < 8 && current?.wrapped !== undefined; i++) current = current.wrapped;
  return current?.entries;
};

/**
 * The first key of `input` that `schema` does not declare, as a dotted path: an object schema
 * drops such a key without a word, which is how a renamed field from an older client would be lost.
 * Walks objects and arrays of objects, depth-bounded (inputs are nesting-checked first).
 */
export function firstUnknownKey(schema: AnySchema | undefined, input: unknown, path = '', depth = 0): string | undefined {
  if (schema === undefined || depth > 32 || input === null || typeof input !== 'object') return undefined;
  const node = schema as unknown as SchemaNode;
  if (Array.isArray(input)) {
    let item = node;
    for (let i = 0; i < 8 && item?.wrapped !== undefined; i++) item = item.wrapped;
    if (item?.item === undefined) return undefined;
    for (const [index, value] of input.entries()) {
      const found = firstUnknownKey(item.item as unknown as AnySchema, value, `${path}[${index}]`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const entries = objectEntries(node);
  if (entries === undefined) return undefined;
  for (const [key, value] of Object.entries(input)) {
    const at = path === '' ? key : `${path}.${key}`;
    const entry = entries[key];
    if (entry === undefined) return at;
    const found = firstUnknownKey(entry as unknown as AnySchema, value, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
