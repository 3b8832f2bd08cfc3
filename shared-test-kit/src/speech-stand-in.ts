import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttp2Server, type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

export interface SpeechRequest { method: string; path: string; headers: IncomingHttpHeaders; body: Buffer }

/** Bytes that stand for synthesized speech: an MP3 frame header, then silence. */
export const STAND_IN_AUDIO = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(2_000)]);
export const STAND_IN_TRANSCRIPT = 'hello I would like to book an appointment for Tuesday';

/** The voices each provider lists to the stand-in's key, in its own JSON shape (one of ElevenLabs' is the catalogue's Rachel). */
export const STAND_IN_VOICES = {
  elevenLabs: [
    { voice_id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', category: 'premade', labels: { gender: 'female', accent: 'american' } },
    { voice_id: 'stdInVoice0001', name: 'Marlowe', category: 'cloned', labels: { gender: 'male', accent: 'british', language: 'en-GB' } },
  ],
  deepgram: [
    { name: 'Luna', canonical_name: 'aura-2-luna-en', architecture: 'aura-2', languages: ['en-US'], version: '1', uuid: 'u1', metadata: { accent: 'American', tags: ['feminine'] } },
  ],
  playHt: [
    { id: 's3://voice-cloning-zero-shot/801a663f-efd0-4254-98d0-5c175514c3e8/jennifer/manifest.json', name: 'Jennifer', gender: 'female', accent: 'american', language_code: 'en-US', voice_engine: 'Play3.0' },
    { id: 's3://voice-cloning-zero-shot/stand-in-0001/original/manifest.json', name: 'Oswin', gender: 'male', accent: 'irish', language_code: 'en-IE', voice_engine: 'Play3.0' },
  ],
  polly: [
    { Id: 'Brian', Name: 'Brian', Gender: 'Male', LanguageCode: 'en-GB', LanguageName: 'British English', SupportedEngines: ['neural'] },
  ],
};

/** Mu-law codes: the loudest sample, and silence. A caller's "speech" in tests is a run of loud frames. */
export const MULAW_LOUD = 0x00;
export const MULAW_SILENT = 0xff;
/** Phone audio (mu-law, 8 kHz) the stand-in voices make: this many bytes (10 ms) per character of text, a tone. */
export const STAND_IN_BYTES_PER_CHAR = 80;
/** A live transcription socket hears the end of speech after this much silence (Deepgram's endpointing). */
const ENDPOINTING_BYTES = 2_400;
/** What PlayHT's auth endpoint hands the SDK to stream with: a token in the streaming address. */
const PLAYHT_STREAM_TOKEN = 'stand-in-stream-token';

/**
 * A mu-law sample within about 60 dB of silence (its exponent is 0): what a microphone hears in a
 * quiet room after a browser's processing, and the exact silent codes.
 */
const quiet = (code: number) => (~code & 0x70) === 0;

/** One live transcription socket as the stand-in saw it. */
export interface LiveListener {
  query: URLSearchParams;
  /** Audio bytes received. */
  bytes: number;
  socket: WebSocket;
}

/** A tone of `bytes` mu-law samples: loud enough to hear, never silence. */
const tone = (bytes: number) => Buffer.from(Array.from({ length: bytes }, (_, i) => (i % 16 < 8 ? 0x20 : 0xa0)));
/** The same length of speech as 16-bit PCM, as Polly's `pcm` output gives it. */
const pcmTone = (samples: number) => {
  const out = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) out.writeInt16LE(i % 16 < 8 ? 8_000 : -8_000, i * 2);
  return out;
};

/**
 * Deepgram's, ElevenLabs', OpenAI's, AssemblyAI's, PlayHT's and Amazon Polly's speech REST
 * endpoints on this machine, answering as the providers do (paths, auth headers, JSON shapes,
 * audio bodies, AssemblyAI's upload-then-poll job, PlayHT's auth-then-stream), so the real SDKs
 * run against them. A request whose key (or,
 * for Polly's signed requests, access key id) is not `key` gets the provider's refusal.
 */
export async function startSpeechStandIn(key: string, options: { tls?: { cert: Buffer; key: Buffer } } = {}) {
  const received: SpeechRequest[] = [];
  const listeners: LiveListener[] = [];
  /** What the next utterances heard on a live socket transcribe as, in order. */
  const utterances: string[] = [];
  /** A voice answers after this many ms (0: at once); a test sets it to be slow. */
  let voiceDelayMs = 0;
  /** What a voice answers with: phone audio, or (a test sets it) a proxy's error page with a 200. */
  let voiceAnswer: 'audio' | 'text' = 'audio';
  const errorPage = (res: ServerResponse | Http2ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>\n');
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
      if (path.startsWith('/playht-stream/')) {
        // The address PlayHT's auth handed out carries the token; the request itself has no key.
        const query = new URL(req.url ?? '/', 'http://x').searchParams;
        if (query.get('token') !== PLAYHT_STREAM_TOKEN) {
          json(403, { error_message: 'Invalid token' });
          return;
        }
        const asked = jsonOf(Buffer.concat(chunks));
        const text = String(asked.text ?? '');
        const phone = asked.output_format === 'mulaw' && asked.sample_rate === 8_000;
        setTimeout(() => {
          if (phone && voiceAnswer === 'text') errorPage(res);
          else if (phone) res.writeHead(200, { 'content-type': 'audio/basic' }).end(tone(text.length * STAND_IN_BYTES_PER_CHAR));
          else audio();
        }, voiceDelayMs);
        return;
      }
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
      if (path.startsWith('/api/') && !req.headers['x-user-id']) {
        json(403, { error_message: 'X-USER-ID header is required' });
      } else if (path === '/api/v4/sdk-auth' && req.method === 'POST') {
        const address = (engine: string) => ({ http_streaming_url: `${origin}/playht-stream/${engine}?token=${PLAYHT_STREAM_TOKEN}` });
        json(200, { 'Play3.0-mini': address('Play3.0-mini'), PlayDialog: address('PlayDialog'), expires_at: new Date(Date.now() + 3_600_000).toISOString() });
      } else if (path === '/api/v2/voices' && req.method === 'GET') {
        json(200, STAND_IN_VOICES.playHt);
      } else if (path === '/v2/upload') {
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
      } else if (phoneAudioWanted(req.url ?? '', path, Buffer.concat(chunks))) {
        // Phone audio for the pipeline: a tone as long as the text takes to say.
        const text = textOf(Buffer.concat(chunks));
        const pcm = path === '/v1/speech';
        const body = pcm ? pcmTone(text.length * STAND_IN_BYTES_PER_CHAR) : tone(text.length * STAND_IN_BYTES_PER_CHAR);
        setTimeout(() => (voiceAnswer === 'text' ? errorPage(res) : res.writeHead(200, { 'content-type': pcm ? 'audio/pcm' : 'audio/basic' }).end(body)), voiceDelayMs);
      } else if (path === '/v1/speak' || path.startsWith('/v1/text-to-speech/') || path === '/v1/audio/speech' || path === '/v1/speech') {
        audio();
      } else if (path === '/v1/audio/transcriptions') {
        json(200, { text: STAND_IN_TRANSCRIPT });
      } else if (path === '/v1/voices' && req.method === 'GET' && auth.startsWith('AWS4-HMAC-SHA256')) {
        json(200, { Voices: STAND_IN_VOICES.polly });
      } else if (path === '/v1/voices' && req.method === 'GET') {
        json(200, { voices: STAND_IN_VOICES.elevenLabs, has_more: false });
      } else if (path === '/v1/models' && req.method === 'GET') {
        json(200, { stt: [], tts: STAND_IN_VOICES.deepgram });
      } else {
        json(404, { error: `no ${path} here` });
      }
    });
  };
  // Idle connections stay open as long as a provider keeps them: a server closing one just as
  // the client reuses it (Node's 5 s default, met when a test is slow) resets the request.
  const server = createServer({ keepAliveTimeout: 65_000 }, handle);
  // Deepgram's live transcription socket: audio in; once a run of speech is followed by silence,
  // the next scripted utterance comes back as a final result that ends the speech.
  const live = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/v3/ws') return assemblyAiStreaming(req, socket, head, url);
    if (url.pathname !== '/v1/listen' || String(req.headers.authorization ?? '') !== `Token ${key}`) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\n\r\n{"err_code":"INVALID_AUTH","err_msg":"Invalid credentials."}');
      return;
    }
    live.handleUpgrade(req, socket, head, (ws) => {
      hearTurns(ws, url, (transcript) => ws.send(JSON.stringify({
        type: 'Results', channel_index: [0, 1], duration: 1, start: 0, is_final: true, speech_final: true,
        channel: { alternatives: [{ transcript, confidence: 0.99, words: [] }] },
        metadata: { request_id: 'r1', model_info: { name: 'nova-3', version: '1', arch: 'nova' }, model_uuid: 'm1' },
      })));
    });
  });

  // AssemblyAI's streaming socket (v3): `Begin`, then a `Turn` that ends each utterance, and
  // `Termination` once the client asks to terminate. Its SDK opens wss:// only: served over TLS.
  function assemblyAiStreaming(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void {
    if (String(req.headers.authorization ?? '') !== key) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\n\r\n{"error":"Authentication failed"}');
      return;
    }
    live.handleUpgrade(req, socket, head, (ws) => {
      ws.send(JSON.stringify({ type: 'Begin', id: 'session-1', expires_at: Math.floor(Date.now() / 1000) + 3600 }));
      let turn = 0;
      hearTurns(ws, url, (transcript) => ws.send(JSON.stringify({
        type: 'Turn', turn_order: turn++, turn_is_formatted: false, end_of_turn: true, transcript, end_of_turn_confidence: 0.9, words: [],
      })));
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (!isBinary && data.toString().includes('"Terminate"')) {
          ws.send(JSON.stringify({ type: 'Termination', audio_duration_seconds: 1, session_duration_seconds: 1 }));
          ws.close(1000);
        }
      });
    });
  }

  /** A live socket's audio: once a run of speech is followed by silence, the next scripted utterance is `said`. */
  function hearTurns(ws: WebSocket, url: URL, said: (transcript: string) => void): void {
    const listener: LiveListener = { query: url.searchParams, bytes: 0, socket: ws };
    listeners.push(listener);
    let speech = 0;
    let silence = 0;
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) return;
      listener.bytes += data.length;
      for (const code of data) {
        if (quiet(code)) silence += 1;
        else {
          speech += 1;
          silence = 0;
        }
      }
      if (speech >= 800 && silence >= ENDPOINTING_BYTES) {
        speech = 0;
        said(utterances.shift() ?? STAND_IN_TRANSCRIPT);
      }
    });
  }
  // Amazon's SDK speaks HTTP/2 to Polly: over plain http that is HTTP/2 from the first byte.
  const h2 = createHttp2Server(handle);
  const sessions = new Set<Http2Session>();
  h2.on('session', (session: Http2Session) => { sessions.add(session); session.on('close', () => sessions.delete(session)); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => h2.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The same endpoints over TLS, for an SDK that opens only wss:// (the test process trusts the certificate).
  const secure = options.tls ? createHttpsServer({ ...options.tls, keepAliveTimeout: 65_000 }, handle) : null;
  if (secure) {
    secure.on('upgrade', (req, socket, head) => server.emit('upgrade', req, socket, head));
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  }
  return {
    origin,
    /** The same endpoints over HTTP/2, as Amazon Polly's client asks for them. */
    h2Origin: `http://127.0.0.1:${(h2.address() as AddressInfo).port}`,
    /** The same endpoints over HTTPS (and WSS), when the stand-in was given a certificate. */
    tlsOrigin: secure ? `https://127.0.0.1:${(secure.address() as AddressInfo).port}` : null,
    received,
    /** Live transcription sockets opened, in order. */
    listeners,
    /** Queues what the next utterances on a live socket transcribe as. */
    hear: (...texts: string[]) => { utterances.push(...texts); },
    /** Drops every open live transcription socket, as a provider's outage would. */
    dropListeners: () => { for (const client of live.clients) client.terminate(); },
    /** Makes every voice wait this long before answering. */
    setVoiceDelay: (ms: number) => { voiceDelayMs = ms; },
    /** Voices answer with an error page instead of audio ('text'), or as they should. */
    setVoiceAnswer: (answer: 'audio' | 'text') => { voiceAnswer = answer; },
    close: async () => {
      for (const client of live.clients) client.terminate();
      for (const session of sessions) session.destroy();
      server.closeAllConnections();
      secure?.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        new Promise<void>((resolve) => h2.close(() => resolve())),
        ...(secure ? [new Promise<void>((resolve) => secure.close(() => resolve()))] : []),
      ]);
    },
  };
}

/** A synthesis request that asks for phone audio: ElevenLabs' ulaw_8000, Deepgram's mulaw, or Polly's PCM at 8 kHz. */
function phoneAudioWanted(url: string, path: string, body: Buffer): boolean {
  const query = new URL(url, 'http://x').searchParams;
  if (path === '/v1/speech') return body.includes('"OutputFormat":"pcm"');
  if (path.startsWith('/v1/text-to-speech/')) return query.get('output_format') === 'ulaw_8000';
  if (path === '/v1/speak') return query.get('encoding') === 'mulaw';
  return false;
}

/** A JSON request body, or nothing for anything else. */
function jsonOf(body: Buffer): Record<string, unknown> {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    return parsed !== null && typeof parsed === 'object' ? parsed as Record<string, unknown> : {};
  } catch {
    return {};
  }
}

/** The text a synthesis request asks to be spoken: ElevenLabs and Deepgram take `text`, Polly `Text`. */
function textOf(body: Buffer): string {
  const parsed = jsonOf(body);
  return String(parsed.text ?? parsed.Text ?? '');
}
