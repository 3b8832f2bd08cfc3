import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { APICallError, jsonSchema } from 'ai';
import { createChatCompletionsClient, type ChatCallOptions, type ChatPart } from '../src/modules/ai-client';
import { startFakeProvider, type FakeProvider, type ScriptedAnswer } from 'shared-test-kit';

const API_KEY = 'sk-test-key-0123';
const servers: FakeProvider[] = [];
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function provider(answers: ScriptedAnswer[]): Promise<FakeProvider> {
  const server = await startFakeProvider('openai', answers);
  servers.push(server);
  return server;
}

async function collect(parts: AsyncIterable<ChatPart>): Promise<ChatPart[]> {
  const seen: ChatPart[] = [];
  for await (const part of parts) seen.push(part);
  return seen;
}

/** A step of a reply as the responder asks for it: a conversation that has been through one tool already. */
const OPTIONS: ChatCallOptions = {
  prompt: [
    { role: 'system', content: 'You are the receptionist.' },
    { role: 'user', content: [{ type: 'text', text: 'Book me on Monday at 9.' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'One moment.' },
        { type: 'tool-call', toolCallId: 'call_0', toolName: 'book', input: { day: 'Monday', time: '9:00' } },
      ],
    },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_0', toolName: 'book', output: { type: 'text', value: 'Booked.' } }] },
  ],
  tools: [{
    type: 'function', name: 'book', description: 'Book an appointment',
    inputSchema: await jsonSchema({ type: 'object', properties: { day: { type: 'string' }, time: { type: 'string' } } }).jsonSchema,
  }],
  toolChoice: { type: 'auto' },
  maxOutputTokens: 300,
  temperature: 0.4,
};

/** Runs `run` with the official client pointed at `baseUrl` (it reads OPENAI_BASE_URL, standing in for api.openai.com). */
async function asOpenAi<T>(baseUrl: string, run: () => Promise<T>): Promise<T> {
  const before = process.env.OPENAI_BASE_URL;
  process.env.OPENAI_BASE_URL = baseUrl;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.OPENAI_BASE_URL;
    else process.env.OPENAI_BASE_URL = before;
  }
}

const ANSWER: ScriptedAnswer = [{ text: 'You are booked.' }];
const CLIENTS = [
  { name: 'an OpenAI-compatible endpoint', model: 'llama3.1', official: false },
  { name: 'OpenAI', model: 'gpt-4o-mini', official: true },
  { name: 'an OpenAI reasoning model', model: 'o3-mini', official: true },
];

describe('chat completions client', { timeout: 20_000 }, () => {
  for (const { name, model, official } of CLIENTS) {
    it(`sends ${name} the very request the AI SDK's own client sends, and reads the answer`, async () => {
      const server = await provider([ANSWER, ANSWER]);
      const client = official
        ? await asOpenAi(server.baseUrl, async () => createChatCompletionsClient({ provider: 'OpenAI', model, apiKey: API_KEY }))
        : createChatCompletionsClient({ provider: 'OpenAI', model, apiKey: API_KEY, baseUrl: server.baseUrl });
      const sdk = await client.model.doStream(OPTIONS);
      for await (const _part of sdk.stream);
      const parts = await collect(client.stream(OPTIONS));
      assert.deepEqual(parts, [{ type: 'text', text: 'You are booked.' }, { type: 'finish', finishReason: 'stop' }]);
      const [bySdk, byClient] = server.requests;
      assert.deepEqual(byClient!.body, bySdk!.body);
      assert.equal(byClient!.path, bySdk!.path);
      for (const header of ['authorization', 'content-type', 'user-agent']) assert.equal(byClient!.headers[header], bySdk!.headers[header], header);
      assert.equal(byClient!.headers['x-lean-client-take'], undefined);
    });
  }

  it('reads tool calls whose arguments arrive in pieces, in the order the model gave them', async () => {
    const server = await provider([[
      { toolCall: { name: 'book', args: { day: 'Monday', time: '9:00' } } },
      { toolCall: { name: 'book', args: { day: 'Tuesday', time: '10:00' } } },
    ]]);
    const client = createChatCompletionsClient({ provider: 'OpenAI', model: 'llama3.1', apiKey: API_KEY, baseUrl: server.baseUrl });
    assert.deepEqual(await collect(client.stream(OPTIONS)), [
      { type: 'tool-call', toolCallId: 'call_0', toolName: 'book', input: '{"day":"Monday","time":"9:00"}' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'book', input: '{"day":"Tuesday","time":"10:00"}' },
      { type: 'finish', finishReason: 'tool-calls' },
    ]);
  });

  it('throws the provider\'s own message for a 4xx or 5xx answer', async () => {
    const server = await provider([{ status: 401, message: 'Incorrect API key provided' }, { status: 503, message: 'The model is overloaded' }]);
    const client = createChatCompletionsClient({ provider: 'OpenAI', model: 'llama3.1', apiKey: API_KEY, baseUrl: server.baseUrl });
    for (const [status, message] of [[401, 'Incorrect API key provided'], [503, 'The model is overloaded']] as const) {
      await assert.rejects(collect(client.stream(OPTIONS)), (err: unknown) => {
        assert.ok(APICallError.isInstance(err));
        assert.equal(err.message, message);
        assert.equal(err.statusCode, status);
        return true;
      });
    }
  });

  it('says it cannot connect when nothing listens, and when the connection is cut before an answer', async () => {
    const server = await provider([{ cut: true }]);
    const client = createChatCompletionsClient({ provider: 'OpenAI', model: 'llama3.1', apiKey: API_KEY, baseUrl: server.baseUrl });
    await assert.rejects(collect(client.stream(OPTIONS)), /Cannot connect to API: /);
    await server.down();
    await assert.rejects(collect(client.stream(OPTIONS)), /Cannot connect to API: connect ECONNREFUSED/);
    await server.up();
  });

  it('turns a malformed stream into an error: a chunk that is not JSON, not a chunk, or a stream with no finish', async () => {
    const server = await provider([
      { garbage: 'data: {"choices": [\n\n' },
      { garbage: 'data: {"object": "list"}\n\n' },
      { garbage: 'data: {"choices": [{"index": 0, "delta": {"content": "Hi"}}]}\n\n' },
      { garbage: '<html><body>502 Bad Gateway</body></html>' },
    ]);
    const client = createChatCompletionsClient({ provider: 'OpenAI', model: 'llama3.1', apiKey: API_KEY, baseUrl: server.baseUrl });
    await assert.rejects(collect(client.stream(OPTIONS)), /not JSON/);
    await assert.rejects(collect(client.stream(OPTIONS)), /not a chat completion chunk/);
    await assert.rejects(collect(client.stream(OPTIONS)), /without a finish reason/);
    await assert.rejects(collect(client.stream(OPTIONS)), /without a finish reason/);
  });

  it('refuses an oversized event or stream rather than holding it, and closes the connection', async () => {
    const endless = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = `data: ${'x'.repeat(64 * 1024)}`;
      const pour = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pour);
      };
      pour();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/v1`;
      const client = createChatCompletionsClient({ provider: 'OpenAI', model: 'llama3.1', apiKey: API_KEY, baseUrl });
      await assert.rejects(collect(client.stream(OPTIONS)), /longer than/);
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });

  it('closes the request when its signal aborts mid-answer', async () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    const server = await provider([[{ text: 'Our hours' }, { wait: opened }, { text: ' never heard' }]]);
    const client = createChatCompletionsClient({ provider: 'OpenAI', model: 'llama3.1', apiKey: API_KEY, baseUrl: server.baseUrl });
    const controller = new AbortController();
    const seen: ChatPart[] = [];
    await assert.rejects(async () => {
      for await (const part of client.stream({ ...OPTIONS, abortSignal: controller.signal })) {
        seen.push(part);
        controller.abort();
      }
    }, { name: 'AbortError' });
    assert.deepEqual(seen, [{ type: 'text', text: 'Our hours' }]);
    assert.equal((await server.ended(0)).closedEarly, true);
    open();
  });
});
