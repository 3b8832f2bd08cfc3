/** The part of a `size`-byte body a `Range` header asks for, as inclusive offsets. */
export type ByteRange = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads a single `bytes=` range (Safari plays audio only from a server that answers ranges;
 * Chrome seeks with them). Several ranges, or a header it cannot read, get the whole body,
 * which RFC 9110 allows.
 */
export function byteRange(header: string | undefined, size: number): ByteRange {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '') {
    // bytes=-N: the last N bytes.
    const length = Math.min(Number(last), size);
    return length === 0 ? { kind: 'unsatisfiable' } : { kind: 'part', start: size - length, end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? { kind: 'whole' } : { kind: 'part', start, end };
}
