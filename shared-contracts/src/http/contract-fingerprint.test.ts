import * as v from 'valibot';
import { endpoint } from './endpoint';
import { contractFingerprint, firstUnknownKey } from './contract-fingerprint';
import { allEndpoints } from './index';

const define = (body: v.GenericSchema, response: v.GenericSchema = v.object({ id: v.string() })) =>
  endpoint({ method: 'POST', path: '/thing/create', summary: 'Create a thing', body, response, roles: ['USER'], tenant: [] });

test('the same definition built twice has the same fingerprint', () => {
  const a = define(v.object({ name: v.pipe(v.string(), v.minLength(1, 'Name is required')) }));
  const b = define(v.object({ name: v.pipe(v.string(), v.minLength(1, 'Name is required')) }));
  expect(contractFingerprint(a)).toBe(contractFingerprint(b));
  expect(contractFingerprint(a)).toMatch(/^[0-9a-f]{14}$/);
});

test('a renamed field, a changed bound or another response changes the fingerprint', () => {
  const base = contractFingerprint(define(v.object({ name: v.pipe(v.string(), v.minLength(1)) })));
  expect(contractFingerprint(define(v.object({ fullName: v.pipe(v.string(), v.minLength(1)) })))).not.toBe(base);
  expect(contractFingerprint(define(v.object({ name: v.pipe(v.string(), v.minLength(2)) })))).not.toBe(base);
  expect(contractFingerprint(define(v.object({ name: v.pipe(v.string(), v.minLength(1)) }), v.object({ key: v.string() })))).not.toBe(base);
});

test('rewording an error text is not a contract change', () => {
  const a = define(v.object({ name: v.pipe(v.string('Name is required'), v.minLength(1, 'Name is required')) }));
  const b = define(v.object({ name: v.pipe(v.string('Enter a name'), v.minLength(1, 'Enter a name')) }));
  expect(contractFingerprint(a)).toBe(contractFingerprint(b));
});

test('every endpoint of the contract table has a fingerprint, and no two share one', () => {
  const prints = allEndpoints().map(({ def }) => contractFingerprint(def));
  expect(new Set(prints).size).toBe(prints.length);
});

test('a key the schema does not declare is found, however deep, with its path', () => {
  const schema = v.object({ name: v.string(), tags: v.optional(v.array(v.object({ label: v.string() }))), address: v.nullable(v.object({ city: v.string() })) });
  expect(firstUnknownKey(schema, { name: 'a', tags: [{ label: 'x' }], address: { city: 'y' } })).toBeUndefined();
  expect(firstUnknownKey(schema, { fullName: 'a' })).toBe('fullName');
  expect(firstUnknownKey(schema, { name: 'a', tags: [{ label: 'x' }, { text: 'y' }] })).toBe('tags[1].text');
  expect(firstUnknownKey(schema, { name: 'a', address: { town: 'y' } })).toBe('address.town');
  expect(firstUnknownKey(undefined, { a: 1 })).toBeUndefined();
});
