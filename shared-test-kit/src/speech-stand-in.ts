import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttp2Server, type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';

export interface SpeechRequest { method: string; path: string; headers: IncomingHttpHeaders; body: Buffer }

/** Bytes that stand for synthesized speech: an MP3 frame header, then silence. */
export const STAND_IN_AUDIO = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(2_000)]);
export const STAND_IN_TRANSCRIPT = 'hello I would like to book an appointment for Tuesday';

/**
 * Deepgram's, ElevenLabs', OpenAI's, AssemblyAI's and Amazon Polly's speech REST endpoints on
 * this machine, answering as the providers do (paths, auth headers, JSON shapes, audio bodies,
 * AssemblyAI's upload-then-poll job), so the real SDKs run against them. A request whose key (or,
 * for Polly's signed requests, access key id) is not `key` gets the provider's refusal.
 */
export async function startSpeechStandIn(key: string) {
  const received: SpeechRequest[] = [];
  let polls = 0;
  let origin = '';
  const handle = (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      received.push({ method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks) });
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const audio = () => res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(STAND_IN_AUDIO);
      const auth = String(req.headers.authorization ?? req.headers['xi-api-key'] ?? '');
      if (auth.startsWith('AWS4-HMAC-SHA256')) {
        if (!auth.includes(`Credential=${key}/`)) {
          res.writeHead(403, { 'content-type': 'application/json', 'x-amzn-errortype': 'UnrecognizedClientException' })
            .end(JSON.stringify({ message: 'The security token included in the request is invalid.' }));
          return;
        }
      } else if (!auth.endsWith(key)) {
        json(401, { err_code: 'INVALID_AUTH', err_msg: 'Invalid credentials.', detail: { status: 'invalid_api_key' } });
        return;
      }
      if (path === '/v2/upload') {
        json(200, { upload_url: `${origin}/uploads/sample` });
      } else if (path === '/v2/transcript') {
        json(200, { id: 'transcript-1', status: 'queued', audio_url: `${origin}/uploads/sample` });
      } else if (path === '/v2/transcript/transcript-1') {
        // Processing on the first look, done on the next: the SDK polls.
        polls += 1;
        json(200, { id: 'transcript-1', status: polls > 1 ? 'completed' : 'processing', text: polls > 1 ? STAND_IN_TRANSCRIPT : null });
      } else if (path === '/v1/listen') {
        json(200, {
          metadata: { request_id: 'r1', sha256: '', created: new Date().toISOString(), duration: 3.8, channels: 1, models: [], model_info: {} },
          results: { channels: [{ alternatives: [{ transcript: STAND_IN_TRANSCRIPT, confidence: 0.98, words: [] }] }] },
        });
      } else if (path === '/v1/speak' || path.startsWith('/v1/text-to-speech/') || path === '/v1/audio/speech' || path === '/v1/speech') {
        audio();
      } else if (path === '/v1/audio/transcriptions') {
        json(200, { text: STAND_IN_TRANSCRIPT });
      } else {
        json(404, { error: `no ${path} here` });
      }
    });
  };
  const server = createServer(handle);
  // Amazon's SDK speaks HTTP/2 to Polly: over plain http that is HTTP/2 from the first byte.
  const h2 = createHttp2Server(handle);
  const sessions = new Set<Http2Session>();
  h2.on('session', (session: Http2Session) => { sessions.add(session); session.on('close', () => sessions.delete(session)); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => h2.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** The same endpoints over HTTP/2, as Amazon Polly's client asks for them. */
    h2Origin: `http://127.0.0.1:${(h2.address() as AddressInfo).port}`,
    received,
    close: async () => {
      for (const session of sessions) session.destroy();
      server.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), new Promise<void>((resolve) => h2.close(() => resolve()))]);
    },
  };
}
