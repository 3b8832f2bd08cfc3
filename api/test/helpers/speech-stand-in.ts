import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SpeechRequest { method: string; path: string; headers: IncomingHttpHeaders; body: Buffer }

/** Bytes that stand for synthesized speech: an MP3 frame header, then silence. */
export const STAND_IN_AUDIO = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(2_000)]);
export const STAND_IN_TRANSCRIPT = 'hello I would like to book an appointment for Tuesday';

/**
 * Deepgram's, ElevenLabs' and OpenAI's speech REST endpoints on this machine, answering as the
 * providers do (paths, auth headers, JSON shapes and audio bodies), so the real SDKs run against
 * them. A request whose key is not `key` gets the provider's 401.
 */
export async function startSpeechStandIn(key: string) {
  const received: SpeechRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      received.push({ method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks) });
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const audio = () => res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(STAND_IN_AUDIO);
      const auth = String(req.headers.authorization ?? req.headers['xi-api-key'] ?? '');
      if (!auth.endsWith(key)) {
        json(401, { err_code: 'INVALID_AUTH', err_msg: 'Invalid credentials.', detail: { status: 'invalid_api_key' } });
        return;
      }
      if (path === '/v1/listen') {
        json(200, {
          metadata: { request_id: 'r1', sha256: '', created: new Date().toISOString(), duration: 3.8, channels: 1, models: [], model_info: {} },
          results: { channels: [{ alternatives: [{ transcript: STAND_IN_TRANSCRIPT, confidence: 0.98, words: [] }] }] },
        });
      } else if (path === '/v1/speak' || path.startsWith('/v1/text-to-speech/') || path === '/v1/audio/speech') {
        audio();
      } else if (path === '/v1/audio/transcriptions') {
        json(200, { text: STAND_IN_TRANSCRIPT });
      } else {
        json(404, { error: `no ${path} here` });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
