import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSseDecoder, OversizedEventError } from '../src/modules/ai-client/server-sent-events';

/** Every event's data, the stream fed in the pieces given. */
function decode(pieces: Buffer[], maxEventChars = 1024): string[] {
  const sse = createSseDecoder(maxEventChars);
  return [...pieces.flatMap((piece) => sse.push(piece)), ...sse.end()];
}

const STREAM = Buffer.from([
  ': a comment, skipped',
  'event: message',
  'data: {"text":"café €5 😀"}',
  'id: 7',
  '',
  'data:no space',
  'data',
  'data:  two spaces',
  '',
  'retry: 10',
  '',
  'data: [DONE]',
  '',
].join('\r\n'));

const EXPECTED = ['{"text":"café €5 😀"}', 'no space\n\n two spaces', '[DONE]'];

describe('the event-stream reader of a provider\'s answer', () => {
  it('reads events with CRLF, LF or CR line ends, skipping comments and other fields', () => {
    assert.deepEqual(decode([STREAM]), EXPECTED);
    assert.deepEqual(decode([Buffer.from(STREAM.toString().replaceAll('\r\n', '\n'))]), EXPECTED);
    assert.deepEqual(decode([Buffer.from(STREAM.toString().replaceAll('\r\n', '\r'))]), EXPECTED);
  });

  it('reads the same events wherever the bytes are split, even inside a character or a CRLF', () => {
    for (let at = 1; at < STREAM.length; at += 1) {
      assert.deepEqual(decode([STREAM.subarray(0, at), STREAM.subarray(at)]), EXPECTED, `split at byte ${at}`);
    }
    assert.deepEqual(decode([...STREAM].map((byte) => Buffer.from([byte]))), EXPECTED, 'a byte at a time');
  });

  it('keeps the last event when the stream ends without its blank line', () => {
    assert.deepEqual(decode([Buffer.from('data: one\n\ndata: two')]), ['one', 'two']);
  });

  it('refuses an event past the cap, whole or arriving in pieces, instead of holding it', () => {
    assert.throws(() => decode([Buffer.from(`data: ${'x'.repeat(2_000)}`)], 1_000), OversizedEventError);
    const sse = createSseDecoder(1_000);
    assert.throws(() => {
      for (let i = 0; i < 100; i += 1) sse.push(Buffer.from('data: 0123456789\n'));
    }, OversizedEventError);
    // Events under the cap pass, however many there are.
    assert.equal(decode(Array.from({ length: 1_000 }, () => Buffer.from(`data: ${'y'.repeat(900)}\n\n`)), 1_000).length, 1_000);
  });
});
