import { RELAY_MAX_FRAME_BYTES } from 'shared-contracts';

/** A value as raw JSON text: built by hand where JSON.stringify itself would recurse too deep. */
export type Raw = { raw: string };
export const nested = (depth: number): Raw => ({ raw: `${'['.repeat(depth)}${']'.repeat(depth)}` });
export const nestedObjects = (depth: number): Raw => ({ raw: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` });

/** Every way to break one frame: each field (and each field of an object in it) with each bad value, each missing, extra fields. */
export function brokenFrames(base: Record<string, unknown>): Array<{ label: string; raw: string }> {
  const shots: Array<{ label: string; raw: string }> = [];
  const paths: string[][] = [];
  for (const [key, value] of Object.entries(base)) {
    paths.push([key]);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) for (const inner of Object.keys(value)) paths.push([key, inner]);
  }
  for (const path of paths) {
    for (const [label, value] of BAD_VALUES) shots.push({ label: `${path.join('.')} as ${label}`, raw: withValueAt(base, path, value) });
    const without = structuredClone(base);
    if (path.length === 1) delete without[path[0]!];
    else delete (without[path[0]!] as Record<string, unknown>)[path[1]!];
    shots.push({ label: `without ${path.join('.')}`, raw: JSON.stringify(without) });
  }
  shots.push({ label: 'with fields the carrier may add', raw: JSON.stringify({ ...base, addedLater: { nested: ['value'] }, sequence: 3 }) });
  shots.push({ label: 'with a field nested 12,000 deep', raw: withValue(base, 'extra', nested(12_000)) });
  return shots;
}

/** Values that each break a field in a different way. */
export const BAD_VALUES: Array<[string, unknown]> = [
  ['a number', 12345], ['a negative number', -1], ['a fraction', 0.5], ['a huge number', 1e308],
  ['an object', { nested: true }], ['an array', ['x']], ['a boolean', true], ['null', null],
  ['an empty string', ''], ['a numeric string', '460'], ['NUL', 'a\u0000b'], ['a control character', 'bell\u0007'],
  ['a lone surrogate', '\ud800'], ['a long string', 'x'.repeat(20_000)],
  // Under the frame cap, so the frame is read and refused rather than closing the socket.
  ['a string near the frame cap', 'x'.repeat(RELAY_MAX_FRAME_BYTES - 2_000)],
  ['arrays nested 12,000 deep', nested(12_000)], ['objects nested 10,000 deep', nestedObjects(10_000)],
];

const PLACEHOLDER = '"__fuzz_value__"';
export const withValue = (base: Record<string, unknown>, field: string, value: unknown): string => withValueAt(base, [field], value);

/** The frame's text with the field at `path` (an object's field, or a field of one nested in it) set to `value`. */
export const withValueAt = (base: Record<string, unknown>, path: string[], value: unknown): string => {
  const [field, ...rest] = path;
  const inner = base[field!];
  const placed = rest.length === 0 ? '__fuzz_value__' : { ...(inner as Record<string, unknown>), [rest[0]!]: '__fuzz_value__' };
  const raw = JSON.stringify({ ...base, [field!]: placed });
  const text = typeof value === 'object' && value !== null && 'raw' in value ? (value as Raw).raw : JSON.stringify(value);
  return raw.replace(PLACEHOLDER, () => text);
};

