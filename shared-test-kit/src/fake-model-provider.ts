import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks a language-model provider's own wire format, so the real client
 * libraries run against it unchanged: OpenAI chat completions (the format every
 * OpenAI-compatible server speaks), Anthropic Messages and Gemini generateContent, each
 * streamed as server-sent events or answered whole.
 */
export type WireFormat = 'openai' | 'anthropic' | 'gemini';

/** One thing the model does in a scripted answer. */
export type ScriptStep =
  | { text: string }
  | { toolCall: { name: string; args: Record<string, unknown> } }
  /** Holds the rest of the answer until the promise settles (the test decides when). */
  | { wait: Promise<unknown> };

/**
 * A scripted answer to one request: steps, an HTTP error with a provider-style body, a 200 whose
 * body is not the provider's format at all (`garbage`), the connection cut before any answer, or
 * no answer at all, not even headers (`hang`: the request stays open until the client gives up).
 */
export type ScriptedAnswer = ScriptStep[] | { status: number; message: string } | { garbage: string } | { cut: true } | { hang: true };

/** Answers in order from a list (a request past its end gets a 500), or from a function of the request. */
export type Answers = ScriptedAnswer[] | ((index: number, seen: SeenRequest) => ScriptedAnswer);

export interface SeenRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** The client went away before the answer was complete. */
  closedEarly: boolean;
  /** The whole answer was written. */
  finished: boolean;
}

export interface FakeProviderOptions {
  /**
   * Keep every request for the test to read (the default). A benchmark serving thousands of them
   * turns it off, so the stand-in holds no memory per request; `requests` then stays empty and
   * `ended` is not answered.
   */
  keepRequests?: boolean;
}

export interface FakeProvider {
  /** The base URL to give the client library. */
  baseUrl: string;
  requests: SeenRequest[];
  /** Resolves once request `index` (from 0) has ended, however it ended. */
  ended(index: number): Promise<SeenRequest>;
  /** The provider goes down: open connections are cut and new ones refused, until `up`. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

const BASE_PATH: Record<WireFormat, string> = { openai: '/v1', anthropic: '/v1', gemini: '/v1beta' };

/** Answers requests with `answers`. */
export async function startFakeProvider(format: WireFormat, answers: Answers, options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const keepRequests = options.keepRequests ?? true;
  const requests: SeenRequest[] = [];
  let answered = 0;
  const endWaiters = new Map<number, Array<(seen: SeenRequest) => void>>();
  const settle = (index: number) => {
    for (const resolve of endWaiters.get(index) ?? []) resolve(requests[index]!);
    endWaiters.delete(index);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const index = answered++;
      const seen: SeenRequest = {
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>,
        closedEarly: false,
        finished: false,
      };
      if (keepRequests) {
        requests.push(seen);
        res.on('close', () => {
          if (!res.writableFinished) seen.closedEarly = true;
          settle(index);
        });
      }
      const answer = typeof answers === 'function' ? answers(index, seen) : (answers[index] ?? { status: 500, message: 'No answer scripted' });
      void answerWith(format, streaming(format, seen), answer, res).then(() => {
        seen.finished = res.writableFinished;
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stopListening = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    if (!server.listening) resolve();
    else server.close(() => resolve());
  });
  return {
    baseUrl: `http://127.0.0.1:${port}${BASE_PATH[format]}`,
    requests,
    ended: (index) => new Promise((resolve) => {
      const seen = requests[index];
      if (seen && (seen.finished || seen.closedEarly)) resolve(seen);
      else endWaiters.set(index, [...(endWaiters.get(index) ?? []), resolve]);
    }),
    down: stopListening,
    up: () => new Promise((resolve) => {
      if (server.listening) resolve();
      else server.listen(port, '127.0.0.1', resolve);
    }),
    close: stopListening,
  };
}

function streaming(format: WireFormat, seen: SeenRequest): boolean {
  if (format === 'gemini') return seen.path.includes(':streamGenerateContent');
  return seen.body.stream === true;
}

async function answerWith(format: WireFormat, stream: boolean, answer: ScriptedAnswer, res: ServerResponse) {
  if ('cut' in answer) {
    res.socket?.destroy();
    return;
  }
  if ('hang' in answer) return;
  if ('garbage' in answer) {
    res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' });
    res.end(answer.garbage);
    return;
  }
  if (!Array.isArray(answer)) {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(errorBody(format, answer.status, answer.message)));
    return;
  }
  if (!stream) {
    const text = answer.map((step) => ('text' in step ? step.text : '')).join('');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(wholeAnswer(format, text)));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const writer = sseWriter(format, res);
  writer.start();
  for (const step of answer) {
    if (res.destroyed) return;
    if ('wait' in step) await step.wait.catch(() => undefined);
    else if ('text' in step) writer.text(step.text);
    else writer.toolCall(step.toolCall.name, step.toolCall.args);
  }
  if (res.destroyed) return;
  writer.finish(answer.some((step) => 'toolCall' in step));
  res.end();
}

function errorBody(format: WireFormat, status: number, message: string) {
  if (format === 'anthropic') return { type: 'error', error: { type: 'api_error', message } };
  if (format === 'gemini') return { error: { code: status, message, status: 'INTERNAL' } };
  return { error: { message, type: 'server_error', code: null } };
}

const USAGE = { openai: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } };

function wholeAnswer(format: WireFormat, text: string) {
  if (format === 'anthropic') {
    return {
      id: 'msg_1', type: 'message', role: 'assistant', model: 'fake', content: [{ type: 'text', text }],
      stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 },
    };
  }
  if (format === 'gemini') {
    return {
      candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    };
  }
  return {
    id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'fake',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: USAGE.openai,
  };
}

interface SseWriter {
  start(): void;
  text(text: string): void;
  toolCall(name: string, args: Record<string, unknown>): void;
  finish(calledTools: boolean): void;
}

function sseWriter(format: WireFormat, res: ServerResponse): SseWriter {
  const send = (data: unknown, event?: string) =>
    res.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  let calls = 0;

  if (format === 'openai') {
    const chunk = (delta: object, finishReason: string | null = null) =>
      send({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta, finish_reason: finishReason }] });
    return {
      start: () => chunk({ role: 'assistant', content: '' }),
      text: (text) => chunk({ content: text }),
      toolCall(name, args) {
        const index = calls++;
        const json = JSON.stringify(args);
        const half = Math.floor(json.length / 2);
        // Arguments arrive in pieces, as they do from a real model.
        chunk({ tool_calls: [{ index, id: `call_${index}`, type: 'function', function: { name, arguments: json.slice(0, half) } }] });
        chunk({ tool_calls: [{ index, function: { arguments: json.slice(half) } }] });
      },
      finish(calledTools) {
        chunk({}, calledTools ? 'tool_calls' : 'stop');
        send('[DONE]');
      },
    };
  }

  if (format === 'anthropic') {
    let block = -1;
    let open: 'text' | 'tool' | null = null;
    const close = () => {
      if (open !== null) send({ type: 'content_block_stop', index: block }, 'content_block_stop');
      open = null;
    };
    return {
      start: () => send({
        type: 'message_start',
        message: {
          id: 'msg_1', type: 'message', role: 'assistant', model: 'fake', content: [],
          stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 },
        },
      }, 'message_start'),
      text(text) {
        if (open !== 'text') {
          close();
          block += 1;
          open = 'text';
          send({ type: 'content_block_start', index: block, content_block: { type: 'text', text: '' } }, 'content_block_start');
        }
        send({ type: 'content_block_delta', index: block, delta: { type: 'text_delta', text } }, 'content_block_delta');
      },
      toolCall(name, args) {
        close();
        block += 1;
        open = 'tool';
        send({ type: 'content_block_start', index: block, content_block: { type: 'tool_use', id: `toolu_${calls++}`, name, input: {} } }, 'content_block_start');
        send({ type: 'content_block_delta', index: block, delta: { type: 'input_json_delta', partial_json: JSON.stringify(args) } }, 'content_block_delta');
        close();
      },
      finish(calledTools) {
        close();
        send({ type: 'message_delta', delta: { stop_reason: calledTools ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } }, 'message_delta');
        send({ type: 'message_stop' }, 'message_stop');
      },
    };
  }

  const candidate = (parts: object[], finishReason?: string) =>
    send({
      candidates: [{ content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    });
  return {
    start: () => undefined,
    text: (text) => candidate([{ text }]),
    toolCall: (name, args) => candidate([{ functionCall: { name, args } }]),
    finish: () => candidate([{ text: '' }], 'STOP'),
  };
}
