import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateId, type LanguageModel } from 'ai';
import type { ModelConfig } from './language-model';
import { createSseDecoder } from './server-sent-events';

type LanguageModelV3 = Extract<LanguageModel, { specificationVersion: 'v3' }>;
/** What a streamed request asks for, in the AI SDK's provider terms (prompt, tools, settings, abort). */
export type ChatCallOptions = Parameters<LanguageModelV3['doStream']>[0];
export type ChatFinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'other';

/** What a streamed answer brings, in order; a failure is thrown from the iterator instead. */
export type ChatPart =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: string; providerMetadata?: Record<string, Record<string, string>> }
  | { type: 'finish'; finishReason: ChatFinishReason };

export interface ChatCompletionsClient {
  /** The AI SDK's own client for the same endpoint: whole answers and structured output go through it. */
  readonly model: LanguageModelV3;
  stream(options: ChatCallOptions): AsyncGenerator<ChatPart>;
}

/** One event of the stream: a chunk of JSON far past any real one is refused rather than parsed. */
const MAX_EVENT_CHARS = 1024 * 1024;
/** A whole answer: a phone reply is a few sentences, so this only stops a stream that never ends. */
const MAX_STREAM_BYTES = 8 * 1024 * 1024;
/** An error body is read this far for the provider's message. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** Connections to a provider are kept open between requests, as the SDK's fetch does. */
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

interface ChatRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Marks the SDK's request as one to hand over rather than send: a header the `fetch` hook
 * takes off again. What the hook throws then ends the SDK's own attempt (thrown as is, not
 * an Error, so no stack is made for it).
 */
const TAKE_HEADER = 'x-lean-client-take';
const TAKEN = Object.freeze({ taken: true });

/**
 * A streaming client for OpenAI's chat completions wire format (OpenAI itself, or any
 * OpenAI-compatible base URL). The AI SDK's own provider builds each request, so the body,
 * headers and per-model rules (reasoning models, system roles) are exactly the SDK's; the
 * answer is read here, straight off the socket, with a bounded event-stream reader and light
 * checks, which costs a fraction of the SDK's web-stream path on a busy server.
 */
export function createChatCompletionsClient(config: ModelConfig & { provider: 'OpenAI' }): ChatCompletionsClient {
  const takers = new Map<string, (request: ChatRequest) => void>();
  let nextTaker = 0;
  const fetchOrTake: typeof fetch = async (input, init) => {
    const headers = init?.headers as Record<string, string> | undefined;
    const key = headers?.[TAKE_HEADER];
    const take = key === undefined ? undefined : takers.get(key);
    if (take === undefined) return fetch(input, init);
    const { [TAKE_HEADER]: _marker, ...sent } = headers!;
    take({ url: String(input), headers: sent, body: String(init!.body) });
    throw TAKEN;
  };
  const { apiKey, baseUrl } = config;
  const official = baseUrl === undefined;
  const model = official
    ? createOpenAI({ apiKey, fetch: fetchOrTake }).chat(config.model)
    : createOpenAICompatible({ name: 'openai-compatible', apiKey, baseURL: baseUrl, fetch: fetchOrTake }).chatModel(config.model);

  async function requestOf(options: ChatCallOptions): Promise<ChatRequest> {
    const key = String(nextTaker++);
    let taken: ChatRequest | null = null;
    takers.set(key, (request) => {
      taken = request;
    });
    try {
      await model.doStream({ ...options, abortSignal: undefined, headers: { ...options.headers, [TAKE_HEADER]: key } });
    } catch (error) {
      if (error !== TAKEN) throw error;
    } finally {
      takers.delete(key);
    }
    if (taken === null) throw new Error('The AI SDK sent no request');
    return taken;
  }

  return {
    model,
    async* stream(options) {
      const signal = options.abortSignal;
      try {
        const request = await requestOf(options);
        const response = await send(request, signal);
        yield* readAnswer(response, official);
      } catch (error) {
        // However the socket reports it, an aborted request ends as the abort.
        throw signal?.aborted ? signal.reason : error;
      }
    },
  };
}

function send(request: ChatRequest, signal: AbortSignal | undefined): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const url = new URL(request.url);
    const transport = url.protocol === 'https:' ? https : http;
    const agent = agents[url.protocol as keyof typeof agents];
    const headers = { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };
    const outgoing = transport.request(url, { method: 'POST', headers, agent, ...(signal ? { signal } : {}) }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) resolve(response);
      else void errorOf(response, request.url).then(reject, reject);
    });
    outgoing.on('error', (error) => {
      reject(signal?.aborted || error.name === 'AbortError' ? error : new APICallError({
        message: `Cannot connect to API: ${error.message}`, cause: error, url: request.url, requestBodyValues: undefined, isRetryable: true,
      }));
    });
    outgoing.end(request.body);
  });
}

/** A refusal as the SDK reports it: the provider's own message when its body says one. */
async function errorOf(response: IncomingMessage, url: string): Promise<APICallError> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_ERROR_BODY_BYTES) {
      response.destroy();
      break;
    }
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks).toString('utf8');
  const status = response.statusCode ?? 0;
  return new APICallError({
    message: providerMessage(body) ?? response.statusMessage ?? `HTTP ${status}`,
    url,
    requestBodyValues: undefined,
    statusCode: status,
    responseBody: body,
    isRetryable: status === 408 || status === 409 || status === 429 || status >= 500,
  });
}

function providerMessage(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    const message = isRecord(parsed) && isRecord(parsed.error) ? parsed.error.message : undefined;
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A tool call as its pieces arrive: the first piece names it, later ones add to its arguments. */
interface PendingCall {
  index: number | null;
  id: string | null;
  name: string | null;
  input: string;
  thoughtSignature: string | null;
}

function finishReasonOf(raw: string, refused: boolean): ChatFinishReason {
  switch (raw) {
    case 'stop': return refused ? 'content-filter' : 'stop';
    case 'length': return 'length';
    case 'content_filter': return 'content-filter';
    case 'function_call':
    case 'tool_calls': return 'tool-calls';
    default: return 'other';
  }
}

class StreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamError';
  }
}

/**
 * The answer's chunks as parts. The official API's stream may end without a finish reason (it
 * counts as `other`); an OpenAI-compatible server's may not, as in the SDK's clients.
 */
async function* readAnswer(response: IncomingMessage, official: boolean): AsyncGenerator<ChatPart> {
  const sse = createSseDecoder(MAX_EVENT_CHARS);
  const calls: PendingCall[] = [];
  let rawFinish: string | null = null;
  let refused = false;
  let bytes = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > MAX_STREAM_BYTES) throw new StreamError(`The answer is longer than ${MAX_STREAM_BYTES} bytes`);
      for (const data of sse.push(chunk)) {
        if (data !== '[DONE]') yield* partsOf(data);
      }
    }
    for (const data of sse.end()) if (data !== '[DONE]') yield* partsOf(data);
  } finally {
    // A consumer that stops early (an interruption) closes the connection.
    if (!response.complete) response.destroy();
  }
  const ordered = calls.every((call) => call.index !== null) ? [...calls].sort((a, b) => a.index! - b.index!) : calls;
  for (const call of ordered) {
    if (call.name === null) continue;
    yield {
      type: 'tool-call',
      toolCallId: call.id ?? generateId(),
      toolName: call.name,
      input: call.input,
      ...(call.thoughtSignature === null || official ? {} : { providerMetadata: { 'openai-compatible': { thoughtSignature: call.thoughtSignature } } }),
    };
  }
  if (rawFinish === null && !official) throw new StreamError('Response stream ended without a finish reason.');
  yield { type: 'finish', finishReason: rawFinish === null ? 'other' : finishReasonOf(rawFinish, refused) };

  function* partsOf(data: string): Generator<ChatPart> {
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      throw new StreamError(`The provider sent an event that is not JSON: ${data.slice(0, 200)}`);
    }
    if (!isRecord(value)) throw new StreamError('The provider sent an event that is not a chat completion chunk');
    if ('error' in value) {
      const message = isRecord(value.error) && typeof value.error.message === 'string' ? value.error.message : 'The provider reported an error';
      throw new StreamError(message);
    }
    if (!Array.isArray(value.choices)) throw new StreamError('The provider sent an event that is not a chat completion chunk');
    const choice: unknown = value.choices[0];
    if (!isRecord(choice)) return;
    if (typeof choice.finish_reason === 'string') rawFinish = choice.finish_reason;
    const delta = choice.delta;
    if (!isRecord(delta)) return;
    if (!official) {
      const reasoning = delta.reasoning_content ?? delta.reasoning;
      if (typeof reasoning === 'string' && reasoning !== '') yield { type: 'reasoning', text: reasoning };
    }
    const { content } = delta;
    if (typeof content === 'string') {
      if (content !== '') yield { type: 'text', text: content };
    } else if (Array.isArray(content)) {
      for (const part of content) yield* contentPartOf(part);
    }
    if (typeof delta.refusal === 'string' && delta.refusal !== '') {
      refused = true;
      yield { type: 'text', text: delta.refusal };
    }
    if (Array.isArray(delta.tool_calls)) for (const piece of delta.tool_calls) addToCall(piece);
  }

  function* contentPartOf(part: unknown): Generator<ChatPart> {
    if (!isRecord(part)) return;
    if (part.type === 'text' && typeof part.text === 'string' && part.text !== '') yield { type: 'text', text: part.text };
    if (!official && part.type === 'thinking' && Array.isArray(part.thinking)) {
      const text = part.thinking.map((t: unknown) => (isRecord(t) && t.type === 'text' && typeof t.text === 'string' ? t.text : '')).join('');
      if (text !== '') yield { type: 'reasoning', text };
    }
  }

  function addToCall(piece: unknown) {
    if (!isRecord(piece)) return;
    const fn = isRecord(piece.function) ? piece.function : {};
    const index = typeof piece.index === 'number' ? piece.index : null;
    const id = typeof piece.id === 'string' && piece.id.trim() !== '' ? piece.id : null;
    const name = typeof fn.name === 'string' && fn.name.trim() !== '' ? fn.name : null;
    const args = typeof fn.arguments === 'string' ? fn.arguments : '';
    const google = isRecord(piece.extra_content) && isRecord(piece.extra_content.google) ? piece.extra_content.google : null;
    const signature = google !== null && typeof google.thought_signature === 'string' ? google.thought_signature : null;
    // The call this piece continues: the same index (a new id there with a name starts another),
    // else the same id, else the one call still open.
    let call = index !== null
      ? calls.findLast((c) => c.index === index)
      : id !== null ? calls.findLast((c) => c.id === id) : name === null ? calls.at(-1) : undefined;
    if (call !== undefined && id !== null && call.id !== null && call.id !== id && name !== null) call = undefined;
    if (call === undefined) {
      calls.push({ index, id, name, input: args, thoughtSignature: signature });
      return;
    }
    if (call.id === null) call.id = id;
    if (call.name === null) call.name = name;
    if (call.thoughtSignature === null) call.thoughtSignature = signature;
    call.input += args;
  }
}
