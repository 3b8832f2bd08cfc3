import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { INPUT_NESTING_TEXT, MAX_INPUT_NESTING } from 'shared-contracts';
import { NOT_JSON_TEXT, OBJECT_EXPECTED_TEXT, parseInput, parseJsonInput } from '../src/http/parse-input';
import { parsePart } from '../src/http/validate';
import { ApiError } from '../src/http/api-error';

const Person = v.object({
  name: v.pipe(v.string('Name is required'), v.minLength(1, 'Name is required'), v.maxLength(20, 'Name is at most 20 characters')),
  tags: v.optional(v.pipe(v.array(v.string()), v.maxLength(3, 'At most 3 tags'))),
});

/** Arrays `depth` deep around `inner`, built without recursion. */
function nested(depth: number, inner: unknown): unknown {
  let value = inner;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

describe('parseInput: the one parser of outside input', () => {
  it('gives the schema\'s output for a valid input', () => {
    assert.deepEqual(parseInput(Person, { name: 'Ada', tags: ['a', 'b'] }), { ok: true, output: { name: 'Ada', tags: ['a', 'b'] } });
  });

  it('gives the schema\'s issues, each with its path, for an input the schema refuses', () => {
    const parsed = parseInput(Person, { name: 'x'.repeat(21), tags: [1] });
    assert.equal(parsed.ok, false);
    assert.deepEqual(!parsed.ok && parsed.issues.map(({ kind, path }) => [kind, path]), [['schema', 'name'], ['schema', 'tags.0']]);
    assert.equal(!parsed.ok && parsed.issues[0].message, 'Name is at most 20 characters');
  });

  it('says a missing field in the object\'s words, or the field\'s own when asked (as HTTP answers do)', () => {
    const plain = parseInput(Person, {});
    assert.match(!plain.ok ? plain.issues[0].message : '', /Invalid key/);
    const field = parseInput(Person, {}, { fieldWordsForMissing: true });
    assert.equal(!field.ok && field.issues[0].message, 'Name is required');
  });

  it('refuses a control character in any text or key, naming where, before the schema runs', () => {
    assert.deepEqual(parseInput(Person, { name: 'Ada\u0000' }), {
      ok: false, issues: [{ kind: 'control-character', message: 'name must not contain control characters', path: null }],
    });
    const inList = parseInput(Person, { name: 'Ada', tags: ['ok', 'b\u001b'] });
    assert.equal(!inList.ok && inList.issues[0].message, 'tags[1] must not contain control characters');
    const inKey = parseInput(v.record(v.string(), v.string()), { 'a\u0007': 'x' });
    assert.equal(!inKey.ok && inKey.issues[0].kind, 'control-character');
  });

  it('refuses input nested past the bound, decoded or as JSON text, without walking it further', () => {
    const deep = { name: 'Ada', tags: nested(MAX_INPUT_NESTING, 'x') };
    assert.deepEqual(parseInput(Person, deep), { ok: false, issues: [{ kind: 'nesting', message: INPUT_NESTING_TEXT, path: null }] });
    // Far deeper than the call stack allows a recursive walk.
    assert.equal(parseInput(v.unknown(), nested(1_000_000, 'x')).ok, false);
    const text = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    assert.deepEqual(parseJsonInput(v.unknown(), text), { ok: false, issues: [{ kind: 'nesting', message: INPUT_NESTING_TEXT, path: null }] });
    assert.deepEqual(parseJsonInput(Person, '{"name":'), { ok: false, issues: [{ kind: 'not-valid-json', message: NOT_JSON_TEXT, path: null }] });
    assert.deepEqual(parseJsonInput(Person, '{"name":"Ada"}'), { ok: true, output: { name: 'Ada' } });
  });

  it('refuses an array where an object is expected, and an array over its schema\'s bound', () => {
    assert.deepEqual(parseInput(Person, [{ name: 'Ada' }]), { ok: false, issues: [{ kind: 'not-an-object', message: OBJECT_EXPECTED_TEXT, path: null }] });
    const long = parseInput(Person, { name: 'Ada', tags: ['a', 'b', 'c', 'd'] });
    assert.deepEqual(!long.ok && long.issues.map(({ kind, message, path }) => [kind, message, path]), [['schema', 'At most 3 tags', 'tags']]);
    // Arrays nested past the bound are refused whatever the schema.
    assert.equal(parseInput(v.array(v.unknown()), nested(MAX_INPUT_NESTING + 1, 1)).ok, false);
    assert.equal(parseInput(v.array(v.unknown()), nested(MAX_INPUT_NESTING - 1, 1)).ok, true);
  });

  it('is what parsePart answers with: a 400 whose message is the first issue, and the schema\'s issues as errors', () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (err) {
        assert.ok(err instanceof ApiError);
        return { status: err.statusCode, message: err.message, errors: err.errors };
      }
      assert.fail('not refused');
    };
    assert.deepEqual(refusal(() => parsePart(Person, [])), { status: 400, message: OBJECT_EXPECTED_TEXT, errors: undefined });
    assert.deepEqual(refusal(() => parsePart(Person, { name: '\u0000' })), { status: 400, message: 'name must not contain control characters', errors: undefined });
    assert.deepEqual(refusal(() => parsePart(Person, { tags: [1] })), { status: 400, message: 'Name is required', errors: ['Name is required', 'Invalid type: Expected string but received 1'] });
    assert.deepEqual(parsePart(Person, { name: 'Ada' }), { name: 'Ada' });
    assert.equal(parsePart(undefined, { anything: true }), undefined);
  });
});
