import assert from 'node:assert/strict';
import { TEST_CONFIG, type TestServer } from './server';

export interface PlayedRecording {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/**
 * Fetches a recording link the API answered, the way an audio element does (no bearer token).
 * The link names the API's public origin; the test server listens on a port of its own.
 */
export async function playRecording(server: TestServer, link: string, headers: Record<string, string> = {}): Promise<PlayedRecording> {
  const url = new URL(link);
  assert.equal(url.origin, new URL(TEST_CONFIG.publicApiUrl).origin, 'a recording link is built from the public API URL');
  const response = await fetch(`${server.origin}${url.pathname}${url.search}`, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** An MP3 file starts with an ID3 tag or an MPEG frame sync; a WAV file with RIFF. */
export const isAudio = (bytes: Buffer) =>
  bytes.subarray(0, 3).toString('latin1') === 'ID3'
  || bytes.subarray(0, 4).toString('latin1') === 'RIFF'
  || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0);
