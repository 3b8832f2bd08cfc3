import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { loggedError } from '../src/http/error-log';

describe('error log', () => {
  it('keeps a failed query\'s SQL and error code but none of its parameters', () => {
    const secretHash = 'sha256$9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021', detail: `Key (key_hash)=(${secretHash}) already exists.`,
    });
    const error = new DrizzleQueryError('insert into "api_keys" ("name", "key_hash") values ($1, $2)', ['key\u0000', secretHash], cause);
    const text = JSON.stringify(loggedError(error));
    assert.ok(!text.includes(secretHash), text);
    assert.ok(!text.includes('key\\u0000'), text);
    const logged = loggedError(error);
    assert.equal(logged.message, 'Failed query: insert into "api_keys" ("name", "key_hash") values ($1, $2)');
    assert.equal(logged.cause?.code, '22021');
    assert.match(logged.stack ?? '', /^ {4}at /);
  });
});
