import assert from 'node:assert/strict';
import { test } from 'node:test';
import { looksLikeText } from '../src/modules/voice-agent/speech/synthesizer';

const bytes = (text: string) => Buffer.from(text, 'latin1');

test('an error page, JSON or plain words where audio was asked for are text', () => {
  for (const answer of ['<html><body><h1>502 Bad Gateway</h1></body></html>', '{"detail":{"status":"quota_exceeded"}}', 'Internal Server Error\n']) {
    assert.equal(looksLikeText(bytes(answer).subarray(0, 64)), true, answer);
  }
});

test('phone audio is not text: silence, faint negative samples, a tone, speech-like noise', () => {
  const faint = Buffer.from(Array.from({ length: 64 }, (_, i) => 0x70 + (i % 15)));
  const tone = Buffer.from(Array.from({ length: 64 }, (_, i) => (i % 16 < 8 ? 0x20 : 0xa0)));
  let seed = 7;
  const noise = Buffer.from(Array.from({ length: 64 }, () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % 256; }));
  for (const [name, audio] of [['silence', Buffer.alloc(64, 0xff)], ['faint', faint], ['tone', tone], ['noise', noise], ['nothing', Buffer.alloc(0)]] as const) {
    assert.equal(looksLikeText(audio), false, name);
  }
});
