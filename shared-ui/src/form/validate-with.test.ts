import { CreateApiKeyBody, UpdateAccountBody } from 'shared-contracts';
import { formInput, validateWith } from './validate-with';

test('gives each field the contract\'s first message about it, and nothing for a valid form', () => {
  const validate = validateWith(CreateApiKeyBody);
  expect(validate({ name: '', expiresInDays: 0 })).toEqual({ name: 'Key name is required', expiresInDays: 'Expiry must be from 1 to 365 days' });
  expect(validate({ name: 'CRM sync', expiresInDays: 30 })).toEqual({});
});

test('reaches nested fields by their path, and checks what toInput makes of the values', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  const validate = validateWith(UpdateAccountBody, (values: { number: string }) => ({ roles: [{ id, title: 'AGENT', twilio_number: values.number }] }));
  expect(validate({ number: '12' })).toEqual({ roles: [{ twilio_number: expect.stringMatching(/US number/) }] });
  expect(validate({ number: '(555) 123-4567' })).toEqual({});
});

test('formInput lists every key and reads an emptied text as absent', () => {
  expect(formInput({ email: '', password: 'pw' }, ['email', 'password', 'code'])).toEqual({ email: undefined, password: 'pw', code: undefined });
});
