import * as v from 'valibot';
import { fieldErrors } from './field-errors';

const Schema = v.object({
  name: v.pipe(v.string('Name is required'), v.nonEmpty('Name is required'), v.maxLength(5, 'Name is too long')),
  roles: v.array(v.object({ number: v.pipe(v.string(), v.regex(/^\+1\d{10}$/, 'Enter a US number')) })),
});

test('the first message of each field, keyed by its dot path', () => {
  expect(fieldErrors(Schema, { name: 'Alexandra', roles: [{ number: '+15551234567' }, { number: '12' }] }))
    .toEqual({ name: 'Name is too long', 'roles.1.number': 'Enter a US number' });
  expect(fieldErrors(Schema, { name: undefined, roles: [] })).toEqual({ name: 'Name is required' });
});

test('nothing when the schema accepts the input', () => {
  expect(fieldErrors(Schema, { name: 'Ann', roles: [] })).toEqual({});
});
