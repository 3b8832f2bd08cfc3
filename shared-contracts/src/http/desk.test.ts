import { fieldErrors } from '../schemas/field-errors';
import { DEFAULT_DISPOSITIONS, WRAP_UP_TEXT } from '../domain/wrap-up';
import { DeskSetting, WrapUpCallBody } from './desk';

const CALL = '0b7f9a52-3c43-4c8e-9a52-8c2e3f1d2a10';

test('a wrap-up needs a disposition; notes are optional, trimmed and bounded', () => {
  expect(fieldErrors(WrapUpCallBody, { callId: CALL, disposition: '  ' })).toEqual({ disposition: WRAP_UP_TEXT.dispositionRequired });
  expect(fieldErrors(WrapUpCallBody, { callId: CALL, disposition: 'Resolved', notes: 'x'.repeat(2001) })).toEqual({ notes: WRAP_UP_TEXT.notesTooLong });
  expect(fieldErrors(WrapUpCallBody, { callId: CALL, disposition: 'Resolved' })).toEqual({});
});

test('the account\'s settings: one to twenty distinct dispositions and 10 to 1800 whole seconds', () => {
  expect(fieldErrors(DeskSetting, { dispositions: [...DEFAULT_DISPOSITIONS], wrapUpSeconds: 120 })).toEqual({});
  expect(fieldErrors(DeskSetting, { dispositions: [], wrapUpSeconds: 120 })).toEqual({ dispositions: WRAP_UP_TEXT.dispositionsRequired });
  expect(fieldErrors(DeskSetting, { dispositions: ['Sold', 'SOLD'], wrapUpSeconds: 120 })).toEqual({ dispositions: WRAP_UP_TEXT.dispositionsRepeated });
  expect(fieldErrors(DeskSetting, { dispositions: ['Sold'], wrapUpSeconds: 9 })).toEqual({ wrapUpSeconds: WRAP_UP_TEXT.secondsRange });
  expect(fieldErrors(DeskSetting, { dispositions: ['<b>Sold</b>'], wrapUpSeconds: 60 })).toHaveProperty(['dispositions.0']);
});
