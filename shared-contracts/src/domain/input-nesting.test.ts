import { allEndpoints } from '../http';
import { ClientMessage, ServerMessage } from '../socket';
import { RelayInbound } from '../relay';
import { decodeJson, jsonNestedTooDeeply, MAX_INPUT_NESTING } from './input-nesting';

/** `depth` arrays inside each other around `inner`, as JSON text. */
const nestedText = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describe('the nesting bound of outside JSON', () => {
  it('takes text nested up to the bound and refuses one level more', () => {
    expect(jsonNestedTooDeeply(nestedText(MAX_INPUT_NESTING))).toBe(false);
    expect(jsonNestedTooDeeply(nestedText(MAX_INPUT_NESTING + 1))).toBe(true);
    expect(jsonNestedTooDeeply(`{"a":${nestedText(MAX_INPUT_NESTING - 1)}}`)).toBe(false);
    expect(jsonNestedTooDeeply(`{"a":${nestedText(MAX_INPUT_NESTING)}}`)).toBe(true);
  });

  it('counts the depth where it is, not the brackets a flat document holds', () => {
    const wide = `[${Array.from({ length: 1_000 }, () => '{"a":[1]}').join(',')}]`;
    expect(jsonNestedTooDeeply(wide)).toBe(false);
  });

  it('reads brackets and escaped quotes inside strings as text', () => {
    expect(jsonNestedTooDeeply(JSON.stringify({ text: '['.repeat(1_000) }))).toBe(false);
    expect(jsonNestedTooDeeply(JSON.stringify({ text: `say \\"${'{'.repeat(100)}\\" ok` }))).toBe(false);
    expect(jsonNestedTooDeeply(`{"quote":"\\"",${`"a":`}${nestedText(MAX_INPUT_NESTING)}}`)).toBe(true);
  });

  it('decodes what it takes and says why it refuses the rest, without throwing', () => {
    expect(decodeJson('{"type":"x","n":[1,2]}')).toEqual({ ok: true, value: { type: 'x', n: [1, 2] } });
    expect(decodeJson('{"type":')).toEqual({ ok: false, tooDeep: false });
    expect(decodeJson(`{"type":"error","x":${nestedText(12_000)}}`)).toEqual({ ok: false, tooDeep: true });
    expect(decodeJson(nestedText(100_000))).toEqual({ ok: false, tooDeep: true });
  });
});

/** How deeply a schema lets objects and arrays nest (a schema that takes anything counts as unbounded). */
function schemaDepth(schema: unknown): number {
  const s = schema as { type: string; entries?: Record<string, unknown>; item?: unknown; value?: unknown; wrapped?: unknown; options?: unknown[]; pipe?: unknown[] };
  const deepest = (parts: unknown[]) => Math.max(0, ...parts.map(schemaDepth));
  if (s.entries) return 1 + deepest(Object.values(s.entries));
  if (s.item) return 1 + schemaDepth(s.item);
  if (s.type === 'record') return 1 + schemaDepth(s.value);
  if (s.type === 'unknown' || s.type === 'any' || s.type === 'lazy') return Number.POSITIVE_INFINITY;
  if (s.wrapped) return schemaDepth(s.wrapped);
  if (s.options && typeof s.options[0] === 'object') return deepest(s.options);
  if (s.pipe && s.pipe[0] !== s) return schemaDepth(s.pipe[0]);
  return 0;
}

describe('the bound against the contracts', () => {
  it('leaves room for every request part and socket message we accept', () => {
    const schemas: Array<[string, unknown]> = [['ClientMessage', ClientMessage], ['ServerMessage', ServerMessage], ['RelayInbound', RelayInbound]];
    for (const { domain, key, def } of allEndpoints()) {
      for (const part of ['params', 'query', 'body'] as const) if (def[part]) schemas.push([`${domain}.${key}.${part}`, def[part]]);
    }
    const tooDeep = schemas.filter(([, schema]) => schemaDepth(schema) > MAX_INPUT_NESTING).map(([name]) => name);
    expect(tooDeep).toEqual([]);
    // The measure does read the schemas: agent bodies nest three levels.
    expect(Math.max(...schemas.map(([, schema]) => schemaDepth(schema)))).toBeGreaterThanOrEqual(3);
  });
});
