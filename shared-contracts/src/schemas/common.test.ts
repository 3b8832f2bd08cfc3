import * as v from 'valibot';
import {
  CurrentPassword, FileUpload, HttpUrl, NOTHING_TO_UPDATE_TEXT, NewPassword, PageInput, PlainText, SearchText, TimeZone,
  UsPhoneInput, missingFieldMessage, partialUpdate, requestObject,
} from './common';
import { firstIssue, messageOf, parsed } from '../schema-test-helpers';

describe('requestObject: a missing field reports its own message', () => {
  const schema = requestObject({ name: PlainText('Name'), age: v.number('Age is required'), note: v.optional(v.string()) });
  test('missing fields, each with its path', () => {
    expect(firstIssue(schema, { age: 3 })).toEqual({ message: 'Name is required', path: 'name' });
    expect(firstIssue(schema, { name: 'A' })).toEqual({ message: 'Age is required', path: 'age' });
  });
  test('optional fields may be missing', () => expect(parsed(schema, { name: 'A', age: 1 })).toEqual({ name: 'A', age: 1 }));
  test('not an object at all', () => {
    expect(messageOf(schema, 'x')).toBe('Expected an object');
    expect(messageOf(requestObject({}, 'Send a JSON object'), null)).toBe('Send a JSON object');
  });
  test('a key that is not an entry falls back to the type text', () =>
    expect(missingFieldMessage({}, 'fallback')({ path: [{ key: 'zzz' }] } as unknown as v.ObjectIssue)).toBe('fallback'));
});

describe('partialUpdate', () => {
  const schema = partialUpdate({ a: v.string('A must be text'), b: v.nullable(v.number()) });
  test('one field is enough, null counts', () => {
    expect(parsed(schema, { a: 'x' })).toEqual({ a: 'x' });
    expect(parsed(schema, { b: null })).toEqual({ b: null });
  });
  test('none is refused', () => {
    expect(messageOf(schema, {})).toBe(NOTHING_TO_UPDATE_TEXT);
    expect(messageOf(schema, { a: undefined })).toBe(NOTHING_TO_UPDATE_TEXT);
  });
  test('field messages first', () => expect(messageOf(schema, { a: 1 })).toBe('A must be text'));
});

describe('UsPhoneInput (normalisation B, then +1 and ten digits)', () => {
  const phone = UsPhoneInput();
  test.each([['2125550100', '+12125550100'], ['1 (212) 555-0100', '+12125550100'], ['+1 212 555 0100', '+12125550100']])('%j → %j', (i, o) =>
    expect(parsed(phone, i)).toBe(o));
  test('empty', () => expect(messageOf(phone, ' ')).toBe('Phone number is required'));
  test('not US', () => expect(messageOf(phone, '+44 20 7946 0958')).toBe('Phone number must be a US number: +1 followed by ten digits'));
  test('labelled', () => expect(messageOf(UsPhoneInput('Mobile'), 5)).toBe('Mobile is required'));
});

describe('passwords', () => {
  test('a checked password is only required', () => {
    expect(messageOf(CurrentPassword, 'a')).toBeNull();
    expect(messageOf(CurrentPassword, '')).toBe('Password is required');
    expect(messageOf(CurrentPassword, undefined)).toBe('Password is required');
  });
  test('a new password: 8-128, a letter and a number', () => {
    const p = NewPassword();
    expect(messageOf(p, 'abcdefg1')).toBeNull();
    expect(messageOf(p, 'abc1')).toBe('Password must be at least 8 characters');
    expect(messageOf(p, `a1${'x'.repeat(127)}`)).toBe('Password must be at most 128 characters');
    expect(messageOf(p, 'abcdefgh')).toBe('Password must contain a letter and a number');
  });
});

describe('other fields', () => {
  test('PlainText trims, requires, limits and refuses HTML', () => {
    const t = PlainText('Title', 5);
    expect(parsed(t, ' ab ')).toBe('ab');
    expect(messageOf(t, '')).toBe('Title is required');
    expect(messageOf(t, 'abcdef')).toBe('Title is too long');
    expect(messageOf(t, '<i>')).toBe('Title: HTML tags are not allowed');
  });
  test('TimeZone', () => {
    expect(parsed(TimeZone, ' America/Denver ')).toBe('America/Denver');
    expect(messageOf(TimeZone, '')).toBe('Time zone is required');
    expect(messageOf(TimeZone, 'Atlantis/Capital')).toBe('Choose a valid time zone');
  });
  test('HttpUrl', () => {
    expect(messageOf(HttpUrl(), 'https://example.com/a')).toBeNull();
    expect(messageOf(HttpUrl(), 'javascript:alert(1)')).toBe('Web address must start with http:// or https://');
    expect(messageOf(HttpUrl(), 'not a url')).toBe('Web address must be a valid URL');
  });
  test('PageInput reads query strings and defaults to page 1 of 10', () => {
    const schema = v.object(PageInput);
    expect(parsed(schema, {})).toEqual({ page: 1, limit: 10 });
    expect(parsed(schema, { page: '3', limit: 25 })).toEqual({ page: 3, limit: 25 });
    expect(messageOf(schema, { page: '0' })).toBe('Must be at least 1');
    expect(messageOf(schema, { limit: '500' })).toBe('Must be at most 100');
    expect(messageOf(schema, { page: '1.5' })).toBe('Must be a whole number');
  });
  test('SearchText defaults to empty and is trimmed', () => {
    expect(parsed(SearchText, undefined)).toBe('');
    expect(parsed(SearchText, ' ann ')).toBe('ann');
  });
  test('FileUpload', () => {
    const f = FileUpload(['text/plain'], 1024 * 1024, 'a text file');
    expect(messageOf(f, new Blob(['x'], { type: 'text/plain' }))).toBeNull();
    expect(messageOf(f, new Blob(['x'], { type: 'image/png' }))).toBe('Upload a text file');
    expect(messageOf(f, new Blob([], { type: 'text/plain' }))).toBe('The file is empty');
    expect(messageOf(f, new Blob([new Uint8Array(1024 * 1024 + 1)], { type: 'text/plain' }))).toBe('The file must be at most 1 MB');
    expect(messageOf(f, undefined)).toBe('Choose a file to upload');
  });
});
