import { API_ERROR_TYPES, FETCH_ERROR, PARSING_ERROR, TIMEOUT_ERROR, extractErrorText } from './errors';

describe('extractErrorText follows the spec order', () => {
  const all = {
    data: { errors: ['data.errors'], errorMessage: 'data.errorMessage', message: 'data.message' },
    errors: ['errors'], errorMessage: 'errorMessage', message: 'message',
  };

  test('1. first entry of data.errors', () => expect(extractErrorText(all)).toBe('data.errors'));
  test('only the first entry of data.errors', () =>
    expect(extractErrorText({ data: { errors: ['first', 'second'] } })).toBe('first'));
  test('2. data.errorMessage', () =>
    expect(extractErrorText({ ...all, data: { errorMessage: 'data.errorMessage', message: 'data.message' } })).toBe('data.errorMessage'));
  test('3. data.message', () =>
    expect(extractErrorText({ ...all, data: { message: 'data.message' } })).toBe('data.message'));
  test('4. errors on the error itself', () =>
    expect(extractErrorText({ ...all, data: {} })).toBe('errors'));
  test('5. errorMessage on the error itself', () =>
    expect(extractErrorText({ data: null, errorMessage: 'errorMessage', message: 'message' })).toBe('errorMessage'));
  test('6. message on the error itself (an Error too)', () => {
    expect(extractErrorText({ message: 'message' })).toBe('message');
    expect(extractErrorText(new Error('boom'))).toBe('boom');
  });
  test('7. a plain string', () => expect(extractErrorText('plain text')).toBe('plain text'));
  test('8. otherwise "Unexpected error occurred"', () => {
    for (const value of [undefined, null, 42, '', {}, [], { data: {} }, { errors: [] }, { message: '' }]) {
      expect(extractErrorText(value)).toBe('Unexpected error occurred');
    }
  });
  test('a fault in the program itself reads "Unexpected error occurred", never its own text', () => {
    let fault: unknown;
    try {
      (undefined as unknown as string).trim();
    } catch (error) {
      fault = error;
    }
    expect(extractErrorText(fault)).toBe('Unexpected error occurred');
    for (const error of [new ReferenceError('x is not defined'), new RangeError('Invalid time value'), new SyntaxError('Unexpected token')]) {
      expect(extractErrorText(error)).toBe('Unexpected error occurred');
    }
  });
  test('skips entries that are empty or not text', () => {
    expect(extractErrorText({ data: { errors: [''], errorMessage: 7, message: 'data.message' } })).toBe('data.message');
    expect(extractErrorText({ data: { errors: [{ msg: 'x' }] }, errors: 'not a list', message: 'message' })).toBe('message');
  });
});

describe('error constants', () => {
  test('fetch-layer statuses', () => expect([FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR]).toEqual(['FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR']));
  test('Unauthorized is an error type', () => expect(API_ERROR_TYPES).toContain('Unauthorized'));
});
