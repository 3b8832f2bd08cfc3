import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { findControlCharacter, firstUnknownKey, inputRefusal, jsonNestedTooDeeply, SimulatorDeviceMessage, stripControlCharacters } from 'shared-contracts';
import { parseInput, parseJsonInput } from '../src/http/parse-input';
import { parseLeadsCsv } from '../src/modules/campaign/leads-csv';
import { tidyExtractedText } from '../src/modules/knowledge/tidy-text';
import { withoutSecrets } from '../src/modules/ai-client/provider-message';
import { readToolAnswer } from '../src/modules/voice-agent/tools/custom-tool-request';
import { createSseDecoder } from '../src/modules/ai-client/server-sent-events';
import { providerVoiceOf } from '../src/modules/voice-agent/voice-catalog';
import { looksLikeText } from '../src/modules/voice-agent/speech/synthesizer';

/** Milliseconds `run` takes. */
function timed(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/**
 * How much longer `read` takes on twice the input. Each timing repeats the read until it lasts long
 * enough to measure, the same count for both sizes; the two sizes take turns, so a busy moment of
 * the machine falls on both, and the fastest of several timings of each is kept.
 */
function doublingRatio<T>(make: (size: number) => T, read: (input: T) => unknown, size: number): { ratio: number; ms: number } {
  const [small, large] = [make(size), make(size * 2)];
  let reads = 1;
  const readAll = (input: T) => () => {
    for (let i = 0; i < reads; i += 1) read(input);
  };
  timed(readAll(large));
  while (timed(readAll(small)) < 10 && reads < 1_024) reads *= 2;
  let [fastSmall, fastLarge] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  for (let i = 0; i < 5; i += 1) {
    fastSmall = Math.min(fastSmall, timed(readAll(small)));
    fastLarge = Math.min(fastLarge, timed(readAll(large)));
  }
  return { ratio: fastLarge / fastSmall, ms: fastSmall / reads };
}

/**
 * Doubling the input at most about doubles the time: a quadratic reader takes four times as long
 * on every try, so up to five tries are made (a linear one that allocates can meet a full garbage
 * collection on the larger input, more than once on a busy machine).
 */
function assertLinear<T>(make: (size: number) => T, read: (input: T) => unknown, size: number): void {
  let { ratio, ms } = doublingRatio(make, read, size);
  for (let tries = 1; ratio >= 3 && tries < 5; tries += 1) ({ ratio, ms } = doublingRatio(make, read, size));
  if (process.env.LINEAR_TIME_REPORT) process.stdout.write(`# ${size} → ${size * 2}: ${ms.toFixed(2)} ms a read, ratio ${ratio.toFixed(2)}\n`);
  assert.ok(ratio < 3, `twice the input took ${ratio.toFixed(2)} times as long (${size} took ${ms.toFixed(2)} ms)`);
}

/** Arrays `depth` deep around `inner`, built without recursion. */
function nested(depth: number, inner: unknown): unknown {
  let value = inner;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

// Each reader gets the input that would make a careless one slow: long runs of what it retries on.
describe('readers of outside input run in linear time', { timeout: 60_000 }, () => {
  it('the JSON nesting scan, over brackets, strings and escaped quotes', () => {
    const chunk = '[[{"a":"x\\"]}[","b":[1,2,{"c":"\\\\"}]}]],';
    assertLinear((size) => `[${chunk.repeat(Math.ceil(size / chunk.length))}0]`, jsonNestedTooDeeply, 200_000);
  });

  it('the provider voice id and the voice\'s text-or-audio check, over long runs of what they retry on', () => {
    assertLinear((size) => `playht:${'s3://a'.repeat(size / 6)}:!`, providerVoiceOf, 200_000);
    assertLinear((size) => `${'a'.repeat(size)}:`, providerVoiceOf, 200_000);
    assertLinear((size) => new Uint8Array(size).fill(0x61), looksLikeText, 200_000);
  });

  it('the control character and nesting walk, over deep and wide values', () => {
    assertLinear((size) => nested(size, 'fine'), findControlCharacter, 100_000);
    assertLinear((size) => Array.from({ length: size / 10 }, (_, i) => ({ name: 'text', tags: ['a', { n: i }] })), inputRefusal, 200_000);
  });

  it('the one input parser (house checks, then the schema), over wide lists of objects and their JSON text', () => {
    const schema = v.object({ rows: v.array(v.object({ name: v.string(), tags: v.array(v.string()) })) });
    const rows = (size: number) => ({ rows: Array.from({ length: size / 10 }, (_, i) => ({ name: `row ${i}`, tags: ['a', 'b'] })) });
    assertLinear(rows, (input) => parseInput(schema, input), 200_000);
    assertLinear((size) => JSON.stringify(rows(size)), (text) => parseJsonInput(schema, text), 200_000);
    // A refused input costs no more: the control character sits at the very end.
    const lastRefused = (size: number) => ({ rows: [...rows(size).rows, { name: 'x\u0000', tags: [] }] });
    assertLinear(lastRefused, (input) => parseInput(schema, input), 200_000);
  });

  it('a browser phone\'s connect frame, over long addresses that nearly match a number or a supervisor\'s address', () => {
    const frame = (to: string) => JSON.stringify({ type: 'connect', requestId: 'r1', to });
    assertLinear((size) => frame(`+1${'1'.repeat(size)}`), (text) => parseJsonInput(SimulatorDeviceMessage, text), 200_000);
    assertLinear((size) => frame(`supervise:CA${'a'.repeat(size)}`), (text) => parseJsonInput(SimulatorDeviceMessage, text), 200_000);
  });

  it('the leads CSV, over runs of quotes', () => {
    assertLinear((size) => '"'.repeat(size), parseLeadsCsv, 200_000);
    assertLinear((size) => `name,phone\nA${'"'.repeat(size)}`, parseLeadsCsv, 200_000);
    assertLinear((size) => `name,phone\n"A"${'""'.repeat(size / 2)}`, parseLeadsCsv, 200_000);
  });

  it('the knowledge text tidy, over runs of spaces and tabs', () => {
    const tidy = (text: string) => tidyExtractedText(stripControlCharacters(text));
    assertLinear((size) => `${' '.repeat(size)}x`, tidy, 200_000);
    assertLinear((size) => `${' \t'.repeat(size / 2)}x\n${'\r\n'.repeat(size / 4)}y`, tidy, 200_000);
  });

  it('the reader of a custom tool\'s answer, over runs of spaces, brackets and plus signs (answers are capped at 16 KB)', () => {
    assertLinear((size) => `${' '.repeat(size)}{"a":1}`, (text) => readToolAnswer(200, 'application/json', text), 8_000);
    assertLinear((size) => `${'['.repeat(size)}`, (text) => readToolAnswer(200, '', text), 8_000);
    assertLinear((size) => `application/${'+'.repeat(size)}x`, (type) => readToolAnswer(200, type, '{}'), 8_000);
    assertLinear((size) => `${' '.repeat(size)}<html>`, (text) => readToolAnswer(200, 'text/plain', text), 8_000);
  });

  it('the scrub of a provider\'s error message, over runs of key-shaped words and of a secret\'s near-misses', () => {
    assertLinear((n) => 'sk-'.repeat(n) + 'key_ab'.repeat(n), (text) => withoutSecrets(text, ['sk-live-secret']), 20_000);
    assertLinear((n) => 'sk-live-secre'.repeat(n), (text) => withoutSecrets(text, ['sk-live-secret', 'AKIA0000']), 20_000);
  });

  it('the event-stream reader of a provider\'s answer, over many short lines and events, in network-sized pieces', () => {
    const stream = (size: number) => Buffer.from('data: a\ndata: b\r\n\r\n:c\r'.repeat(size / 20));
    const decode = (bytes: Buffer) => {
      const sse = createSseDecoder(1 << 20);
      for (let at = 0; at < bytes.length; at += 16_384) sse.push(bytes.subarray(at, at + 16_384));
      return sse.end();
    };
    assertLinear(stream, decode, 1_000_000);
  });

  it('the unknown-field walk of a request from another contract, over wide lists of objects', () => {
    const schema = v.object({ rows: v.array(v.object({ name: v.string(), tags: v.array(v.object({ label: v.string() })) })) });
    const rows = (size: number) => ({ rows: Array.from({ length: size / 10 }, () => ({ name: 'a', tags: [{ label: 'x' }, { label: 'y' }] })) });
    assertLinear(rows, (input) => firstUnknownKey(schema, input), 200_000);
  });
});
