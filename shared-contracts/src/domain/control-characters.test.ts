import { controlCharacterText, findControlCharacter, hasControlCharacter, inputRefusal, stripControlCharacters } from './control-characters';
import { INPUT_NESTING_TEXT, MAX_INPUT_NESTING } from './input-nesting';

/** `depth` arrays inside each other around `inner`, built without recursion. */
function nested(depth: number, inner: unknown): unknown {
  let value = inner;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

describe('control characters in request text', () => {
  it('refuses NUL, other C0 controls, DEL and lone surrogates', () => {
    for (const text of ['a\u0000b', '\u0001', 'x\u001b[31m', 'del\u007f', '\ud800', 'a\udc00b']) {
      expect(hasControlCharacter(text)).toBe(true);
    }
  });

  it('keeps tabs, line breaks, emoji and accented letters', () => {
    for (const text of ['line one\nline two\r\n\tindented', 'Zoë 👋', '']) expect(hasControlCharacter(text)).toBe(false);
  });

  it('names the field that holds one, in nested objects, arrays and keys', () => {
    expect(findControlCharacter({ name: 'ok', business: { city: 'Spring\u0000field' } })).toBe('business.city');
    expect(findControlCharacter({ days: ['mon', 'tue\u0000'] })).toBe('days[1]');
    expect(findControlCharacter({ ['bad\u0000key']: 1 })).toBe('Field names');
    expect(findControlCharacter({ filter: { ['k\u0001']: 1 } })).toBe('filter field names');
    expect(findControlCharacter('\u0000')).toBe('Text');
    expect(findControlCharacter({ name: 'fine', n: 1, on: true, none: null })).toBeNull();
  });

  it('reads query objects of any prototype and leaves files to their own checks', () => {
    function Query(this: Record<string, string>) { this.search = 'a\u0000'; }
    Query.prototype = Object.create(null);
    expect(findControlCharacter(new (Query as unknown as new () => object)())).toBe('search');
    expect(findControlCharacter({ file: new Blob(['\u0000']) })).toBeNull();
  });

  it('says which field to fix', () => {
    expect(controlCharacterText('name')).toBe('name must not contain control characters');
  });

  it('strips them from text nobody typed, keeping line breaks', () => {
    expect(stripControlCharacters('a\u0000b\u0007\nc\ud800')).toBe('ab\nc');
  });

  it('names the first offending field in document order, keys before their values', () => {
    expect(findControlCharacter({ a: ['ok', { b: '\u0000' }], ['c\u0000']: 'x', d: '\u0001' })).toBe('a[1].b');
    expect(findControlCharacter({ a: 'ok', ['b\u0000']: 'x\u0000' })).toBe('Field names');
  });

  it('reads a value nested 100,000 deep without overflowing the call stack', () => {
    expect(findControlCharacter(nested(100_000, 'fine'))).toBeNull();
    expect(findControlCharacter(nested(100_000, '\u0000'))).toBe('[0]'.repeat(100_000));
  });
});

describe('what a decoded request or frame is refused with', () => {
  it('refuses objects and arrays nested past the bound, however deep, without throwing', () => {
    expect(inputRefusal({ a: nested(MAX_INPUT_NESTING - 1, 'x') })).toBeNull();
    expect(inputRefusal({ a: nested(MAX_INPUT_NESTING, 'x') })).toBe(INPUT_NESTING_TEXT);
    expect(inputRefusal(nested(100_000, 'x'))).toBe(INPUT_NESTING_TEXT);
    expect(inputRefusal({ type: 'error', x: nested(100_000, {}) })).toBe(INPUT_NESTING_TEXT);
  });

  it('names a field holding a control character, and takes clean input', () => {
    expect(inputRefusal({ name: 'A\u0000' })).toBe('name must not contain control characters');
    expect(inputRefusal({ name: 'Ada', tags: ['x'], n: 1 })).toBeNull();
  });
});
