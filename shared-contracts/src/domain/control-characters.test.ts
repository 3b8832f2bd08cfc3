import { controlCharacterText, findControlCharacter, hasControlCharacter, stripControlCharacters } from './control-characters';

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
});
