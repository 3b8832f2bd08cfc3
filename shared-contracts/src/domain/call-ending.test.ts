import { callbackText } from './call-ending';

test('a callback marker names whom to call back and on which number, with what the caller gave', () => {
  expect(callbackText({ callerName: 'Ada Caller', phoneNumber: '+15557654321' })).toBe('Call back: Ada Caller +15557654321');
  expect(callbackText({ callerName: null, phoneNumber: '+15557654321' })).toBe('Call back: +15557654321');
  expect(callbackText({ callerName: ' Ada ', phoneNumber: null })).toBe('Call back: Ada');
  expect(callbackText({ callerName: '  ', phoneNumber: null })).toBe('Call back: no name or number given');
});
