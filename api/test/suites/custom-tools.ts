import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { CUSTOM_TOOL_MAX_RESPONSE_BYTES, CUSTOM_TOOL_TIMEOUT_MS, TOOL_TIMED_OUT_TEXT, TOOL_UNAVAILABLE_TEXT, UNREADABLE_TOOL_SECRET_TEXT, type CustomToolValue } from 'shared-contracts';
import { aiAgents, aiClients } from '../../src/db/schema';
import { createCredentialCipher } from '../../src/modules/ai-client/credential-cipher';
import { createAiAgent, createAiClientRow, createTenant, uniquePhone } from '../factories';
import { startFakeProvider, type FakeProvider } from 'shared-test-kit';
import { answeredByLocalResponder, dialAiAgent } from '../helpers/relay';
import { call, startServer, TEST_CONFIG } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

type EndpointMode = 'json' | 'text' | 'hang' | 'error' | 'html' | 'huge';

interface ToolRequest { method: string; url: string; headers: IncomingHttpHeaders; body: string }

/** The business's own system on this machine: it records each request and answers as the mode says. */
async function businessEndpoint() {
  let mode: EndpointMode = 'json';
  const received: ToolRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => { body += chunk; });
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (mode === 'hang') { hanging.add(res); return; }
      if (mode === 'error') { res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"database down"}'); return; }
      if (mode === 'html') { res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Login</body></html>'); return; }
      if (mode === 'huge') {
        // 10 MB with no declared length: the reader has to stop on its own.
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = 'x'.repeat(64 * 1024);
        let sent = 0;
        const more = () => {
          while (sent < 10 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) { res.once('drain', more); return; }
          }
          res.end();
        };
        res.on('error', () => undefined);
        more();
        return;
      }
      if (mode === 'text') { res.writeHead(200, { 'content-type': 'text/plain' }).end('Order A-17 ships on Friday.'); return; }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ order: 'A-17', status: 'shipped', eta: 'Friday' }));
    });
  });
  let connections = 0;
  server.on('connection', () => { connections += 1; });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/tools/order') => `http://127.0.0.1:${port}${path}`,
    received,
    /** TCP connections opened to the endpoint so far. */
    connections: () => connections,
    /** Closes the connections that wait for a next request, as a server's idle timeout does. */
    dropIdle() { server.closeIdleConnections(); },
    answer(next: EndpointMode) { mode = next; },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether the request's X-Tool-Signature is the webhooks' scheme over its payload, under `secret`. */
function signedWith(secret: string, request: ToolRequest): boolean {
  const header = request.headers['x-tool-signature'];
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const payload = request.method === 'GET' ? new URL(request.url, 'http://x').search.slice(1) : request.body;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${payload}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return Math.abs(Date.now() / 1000 - Number(parts.t)) < 300 && given.length === expected.length && timingSafeEqual(given, expected);
}

const orderTool = (url: string, method: 'POST' | 'GET' = 'POST'): CustomToolValue => ({
  name: 'check_order', description: 'Looks up an order by its number and says where it is.', url, method,
  parameters: [
    { name: 'order_number', type: 'string', description: 'The order number the caller reads out', required: true },
    { name: 'include_eta', type: 'boolean', description: '', required: false },
  ],
});

/** What the stand-in model last read back from a tool, written into its reply so the caller hears it. */
const MODEL_READ = 'The system says: ';

export function customToolsSuite(ctx: SuiteContext) {
  describe('custom tools of an AI agent', () => {
    answeredByLocalResponder(ctx);
    let endpoint: Awaited<ReturnType<typeof businessEndpoint>>;
    let provider: FakeProvider;
    let clientId = '';

    before(async () => {
      endpoint = await businessEndpoint();
      // The stand-in model calls the tool on the caller's turn, then says what the tool gave back.
      provider = await startFakeProvider('openai', (_index, seen) => {
        if (seen.body.stream !== true) return [{ text: JSON.stringify({ summary: 'The caller asked about an order.', outcome: 'answered', sentiment: 'neutral' }) }];
        const messages = seen.body.messages as Array<{ role: string; content: unknown }>;
        const last = messages[messages.length - 1];
        if (last?.role === 'tool') return [{ text: `${MODEL_READ}${String(last.content)}` }];
        return [{ toolCall: { name: 'check_order', args: { order_number: 'A-17' } } }];
      });
      const row = await createAiClientRow(ctx.server.db, { provider: 'OpenAI', model: 'stand-in' });
      const credentialsCiphertext = createCredentialCipher(TEST_CONFIG.credentialsKey).encrypt(JSON.stringify({ apiKey: 'sk-test', baseUrl: provider.baseUrl }), row.id);
      // Enabled only for this block's agents, which name it: answeredByLocalResponder keeps the others off.
      await ctx.server.db.update(aiClients).set({ credentialsCiphertext, enabled: true }).where(eq(aiClients.id, row.id));
      clientId = row.id;
    });
    after(async () => {
      await ctx.server.db.delete(aiClients).where(eq(aiClients.id, clientId));
      await provider?.close();
      await endpoint?.close();
    });

    /** An agent answered by the stand-in model, with the order tool saved through the API, and its secret. */
    async function agentWithTool(method: 'POST' | 'GET' = 'POST') {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', textClientId: clientId, greeting: 'Hello, Order Desk.' });
      const saved = await call(ctx.server, 'PATCH', `agent/update-agent/${agent.id}`, { token: t.ownerToken, body: { customTools: [orderTool(endpoint.url(), method)] } });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.match(saved.body.data.toolSecretPrefix, /^tsec_/);
      const rotated = await call(ctx.server, 'POST', `agent/rotate-tool-secret/${agent.id}`, { token: t.ownerToken });
      assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
      const secret = rotated.body.data.secret as string;
      assert.ok(secret.startsWith(rotated.body.data.toolSecretPrefix));
      return { t, agent, secret };
    }

    /** Dials the agent, asks about an order, and answers what the caller heard and how long it took. */
    async function askAboutOrder(phoneNumber: string) {
      const { caller, callId } = await dialAiAgent(ctx.server, phoneNumber, uniquePhone());
      const heard = () => caller.heard.map((h) => h.token).join('');
      caller.say('Where is my order A-17?');
      const answered = await caller.until(() => heard().includes(MODEL_READ) && caller.heard.at(-1)?.last === true, 8_000);
      await caller.hangUp();
      return { answered, said: heard(), callId };
    }

    it('during a call the model calls the tool: the signed request reaches the endpoint and its answer reaches the model', async () => {
      const { agent, secret } = await agentWithTool();
      const before = endpoint.received.length;
      endpoint.answer('json');
      const { answered, said } = await askAboutOrder(agent.phoneNumber!);
      assert.ok(answered, said);
      assert.match(said, /The system says: \{"order":"A-17","status":"shipped","eta":"Friday"\}/);
      const [request] = endpoint.received.slice(before);
      assert.ok(request);
      assert.equal(request.method, 'POST');
      assert.deepEqual(JSON.parse(request.body).arguments, { order_number: 'A-17' });
      assert.equal(JSON.parse(request.body).tool, 'check_order');
      assert.ok(signedWith(secret, request), 'the request verifies with the agent\'s secret');
      assert.equal(signedWith('tsec_someone-else', request), false);
      // The model was told what the tool is and what each parameter means.
      const tools = provider.requests.at(-1)!.body.tools as Array<{ function: { name: string; parameters: { properties: Record<string, { description?: string }>; required?: string[] } } }>;
      const order = tools.find((x) => x.function.name === 'check_order')!;
      assert.equal(order.function.parameters.properties.order_number!.description, 'The order number the caller reads out');
      assert.deepEqual(order.function.parameters.required, ['order_number']);
    });

    it('a GET tool gets its arguments in the query, signed', async () => {
      const { agent, secret } = await agentWithTool('GET');
      const before = endpoint.received.length;
      endpoint.answer('text');
      const { answered, said } = await askAboutOrder(agent.phoneNumber!);
      assert.ok(answered, said);
      assert.match(said, /The system says: Order A-17 ships on Friday\./);
      const request = endpoint.received[before]!;
      assert.equal(request.method, 'GET');
      assert.equal(new URL(request.url, 'http://x').searchParams.get('order_number'), 'A-17');
      assert.ok(signedWith(secret, request));
    });

    it('a slow endpoint: within the timeout the model is told it took too long, the caller is never left in silence, and the call goes on', async () => {
      const { t, agent } = await agentWithTool();
      endpoint.answer('hang');
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, uniquePhone());
      const asked = provider.requests.length;
      const started = Date.now();
      caller.say('Where is my order A-17?');
      const toolAnswer = () => provider.requests.slice(asked).map((r) => (r.body.messages as Array<{ role: string; content: unknown }>).at(-1))
        .find((m) => m?.role === 'tool');
      assert.ok(await caller.until(() => toolAnswer() !== undefined, CUSTOM_TOOL_TIMEOUT_MS + 2_000), 'the model was told');
      assert.equal(toolAnswer()!.content, TOOL_TIMED_OUT_TEXT);
      assert.ok(Date.now() - started < CUSTOM_TOOL_TIMEOUT_MS + 1_500, `${Date.now() - started} ms`);
      // The wait was filled: the caller heard the holding sentence before the tool gave up.
      assert.ok(caller.heard.some((h) => h.token.includes('One moment')), JSON.stringify(caller.heard));
      // After it, the model's answer reaches the caller whole: the words that came during the wait are not lost.
      assert.ok(await caller.until(() => caller.heard.map((h) => h.token).join('').includes(TOOL_TIMED_OUT_TEXT), 5_000), JSON.stringify(caller.heard));
      await caller.until(() => caller.heard.at(-1)?.last === true, 5_000);

      // The call goes on: the next question, with the endpoint back, is answered from it.
      endpoint.answer('json');
      const before = caller.heard.length;
      caller.say('And can you check again?');
      assert.ok(await caller.until(() => caller.heard.slice(before).map((h) => h.token).join('').includes('"status":"shipped"'), 8_000), JSON.stringify(caller.heard));
      await caller.hangUp();

      const trace = await waitFor(() => call(ctx.server, 'GET', `call/get-call-trace/${callId}`, { token: t.ownerToken }), (r) => r.status === 200);
      const used = trace.body.data.turns.flatMap((turn: { tools: unknown[] }) => turn.tools).filter((x: { name: string }) => x.name === 'check_order');
      assert.deepEqual(used.map((x: { outcome: string; httpStatus: number | null }) => [x.outcome, x.httpStatus]), [['timeout', null], ['ok', 200]]);
    });

    for (const mode of ['error', 'html', 'huge'] as const) {
      it(`an endpoint answering ${mode === 'error' ? 'HTTP 500' : mode === 'html' ? 'an HTML page' : 'a 10 MB body'}: the agent says it could not reach the system`, async () => {
        const { t, agent } = await agentWithTool();
        endpoint.answer(mode);
        const { answered, said, callId } = await askAboutOrder(agent.phoneNumber!);
        assert.ok(answered, said);
        assert.ok(said.includes(TOOL_UNAVAILABLE_TEXT), said);
        const trace = await waitFor(() => call(ctx.server, 'GET', `call/get-call-trace/${callId}`, { token: t.ownerToken }), (r) => r.status === 200);
        const used = trace.body.data.turns.flatMap((turn: { tools: unknown[] }) => turn.tools).find((x: { name: string }) => x.name === 'check_order');
        assert.equal(used.outcome, 'error');
        assert.equal(used.httpStatus, mode === 'error' ? 500 : 200);
      });
    }

    it('an agent whose signing secret no longer opens sends nothing unsigned: the agent says it could not reach the system', async () => {
      const { t, agent } = await agentWithTool();
      // Sealed under another key, as after a changed CREDENTIALS_KEY.
      await ctx.server.db.update(aiAgents).set({ toolSecretSealed: 'v1.not-a-sealed-secret' }).where(eq(aiAgents.id, agent.id));
      const before = endpoint.received.length;
      endpoint.answer('json');
      const { answered, said } = await askAboutOrder(agent.phoneNumber!);
      assert.ok(answered, said);
      assert.ok(said.includes(TOOL_UNAVAILABLE_TEXT), said);
      assert.equal(endpoint.received.length, before, 'no request reached the endpoint');
      // "Try it" says what to do about it.
      const tried = await call(ctx.server, 'POST', 'agent/try-custom-tool', {
        token: t.ownerToken, body: { agentId: agent.id, tool: orderTool(endpoint.url(), 'POST'), args: { order_number: 'A-17' } },
      });
      assert.deepEqual([tried.status, tried.body.message], [400, UNREADABLE_TOOL_SECRET_TEXT]);
      assert.equal(endpoint.received.length, before);
    });

    it('an agent created with tools gets a signing secret at once; its prefix shows, never the secret', async () => {
      const t = await createTenant(ctx.server);
      const created = await call(ctx.server, 'POST', 'agent/create-agent', {
        token: t.ownerToken,
        body: { name: 'Order Desk', handleCallType: 'inbound', phoneNumber: uniquePhone(), greeting: 'Order Desk, hello.', prompt: 'Help with orders.', voiceId: 'openai-alloy', customTools: [orderTool(endpoint.url())] },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.match(created.body.data.toolSecretPrefix, /^tsec_.{4}$/);
      assert.deepEqual(created.body.data.customTools.map((x: { name: string }) => x.name), ['check_order']);
      assert.doesNotMatch(JSON.stringify(created.body), /toolSecretSealed/);
    });

    it('bad tool definitions are refused with the field\'s own words', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id });
      const save = (customTools: unknown) => call(ctx.server, 'PATCH', `agent/update-agent/${agent.id}`, { token: t.ownerToken, body: { customTools } });
      const tool = orderTool(endpoint.url());
      for (const [bad, words] of [
        [[{ ...tool, name: 'Check Order' }], /Tool name must start with a lowercase letter/],
        [[{ ...tool, name: 'end_call' }], /belongs to a built-in action/],
        [[{ ...tool, url: 'ftp://example.com/x' }], /Endpoint URL must start with http/],
        [[{ ...tool, method: 'DELETE' }], /Choose POST or GET/],
        [[{ ...tool, parameters: [tool.parameters[0], tool.parameters[0]] }], /Each parameter needs its own name/],
        [[{ ...tool, parameters: [{ ...tool.parameters[0], type: 'date' }] }], /Choose text, number/],
        [[tool, tool], /Each tool needs its own name/],
      ] as const) {
        const res = await save(bad);
        assert.equal(res.status, 400, JSON.stringify(bad));
        assert.match(JSON.stringify(res.body), words);
      }
      const unchanged = await call(ctx.server, 'GET', `agent/get-agent/${agent.id}`, { token: t.ownerToken });
      assert.deepEqual(unchanged.body.data.customTools, []);
      assert.equal(unchanged.body.data.toolSecretPrefix, null);
    });

    it('in production, a tool on a loopback or private address, or on plain http, is refused', async () => {
      const production = await startServer(ctx.server.db, { nodeEnv: 'production' });
      try {
        const t = await createTenant(production);
        const agent = await createAiAgent(production.db, { accountId: t.account.id });
        for (const [url, words] of [
          ['https://127.0.0.1/tools', /must not point to a private or local network address/],
          ['https://10.0.0.5/tools', /must not point to a private or local network address/],
          ['https://localhost/tools', /must not point to a private or local network address/],
          ['http://93.184.216.34/tools', /must use https/],
        ] as const) {
          const res = await call(production, 'PATCH', `agent/update-agent/${agent.id}`, { token: t.ownerToken, body: { customTools: [orderTool(url)] } });
          assert.equal(res.status, 400, url);
          assert.match(res.body.message, words, url);
          const tried = await call(production, 'POST', 'agent/try-custom-tool', { token: t.ownerToken, body: { agentId: agent.id, tool: orderTool(url), args: { order_number: 'A-1' } } });
          assert.equal(tried.status, 200, JSON.stringify(tried.body));
          assert.equal(tried.body.data.status, null);
          assert.match(tried.body.data.error, words);
        }
      } finally {
        await production.close();
      }
    });

    it('requests to an endpoint share a kept-open connection, and one the endpoint dropped while idle is replaced unnoticed', async () => {
      const { t, agent } = await agentWithTool();
      endpoint.answer('json');
      const tryIt = () => call(ctx.server, 'POST', 'agent/try-custom-tool', { token: t.ownerToken, body: { agentId: agent.id, tool: orderTool(endpoint.url('/tools/try')), args: { order_number: 'C-3' } } });
      assert.equal((await tryIt()).body.data.error, null);
      const opened = endpoint.connections();
      for (let i = 0; i < 3; i += 1) assert.equal((await tryIt()).body.data.error, null);
      assert.equal(endpoint.connections(), opened, 'no new connection for the next requests');
      endpoint.dropIdle();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const after = await tryIt();
      assert.equal(after.body.data.error, null);
      assert.equal(after.body.data.status, 200);
    });

    it('Try it sends a signed sample request and shows the answer; another account cannot use its agent', async () => {
      const { t, agent, secret } = await agentWithTool();
      const before = endpoint.received.length;
      endpoint.answer('json');
      const tried = await call(ctx.server, 'POST', 'agent/try-custom-tool', { token: t.ownerToken, body: { agentId: agent.id, tool: orderTool(endpoint.url('/tools/try')), args: { order_number: 'B-2', include_eta: true } } });
      assert.equal(tried.status, 200, JSON.stringify(tried.body));
      assert.equal(tried.body.data.status, 200);
      assert.equal(tried.body.data.error, null);
      assert.match(tried.body.data.body, /"status":"shipped"/);
      assert.ok(tried.body.data.durationMs >= 0);
      const request = endpoint.received[before]!;
      assert.equal(request.url, '/tools/try');
      assert.deepEqual(JSON.parse(request.body).arguments, { order_number: 'B-2', include_eta: true });
      assert.ok(signedWith(secret, request));

      endpoint.answer('html');
      const html = await call(ctx.server, 'POST', 'agent/try-custom-tool', { token: t.ownerToken, body: { agentId: agent.id, tool: orderTool(endpoint.url()), args: { order_number: 'B-2' } } });
      assert.equal(html.body.data.status, 200);
      assert.match(html.body.data.error, /not text or JSON/);
      assert.equal(html.body.data.modelSees, TOOL_UNAVAILABLE_TEXT);
      assert.match(html.body.data.body, /<html>/);

      endpoint.answer('huge');
      const huge = await call(ctx.server, 'POST', 'agent/try-custom-tool', { token: t.ownerToken, body: { agentId: agent.id, tool: orderTool(endpoint.url()), args: { order_number: 'B-2' } } });
      assert.match(huge.body.data.error, new RegExp(`larger than ${CUSTOM_TOOL_MAX_RESPONSE_BYTES / 1024} KB`));

      const badArgs = await call(ctx.server, 'POST', 'agent/try-custom-tool', { token: t.ownerToken, body: { agentId: agent.id, tool: orderTool(endpoint.url()), args: { include_eta: true } } });
      assert.equal(badArgs.status, 400);

      const sent = endpoint.received.length;
      const other = await createTenant(ctx.server);
      const refused = await call(ctx.server, 'POST', 'agent/try-custom-tool', { token: other.ownerToken, body: { agentId: agent.id, tool: orderTool(endpoint.url()), args: { order_number: 'B-2' } } });
      assert.ok([403, 404].includes(refused.status), `${refused.status}`);
      const rotate = await call(ctx.server, 'POST', `agent/rotate-tool-secret/${agent.id}`, { token: other.ownerToken });
      assert.ok([403, 404].includes(rotate.status), `${rotate.status}`);
      assert.equal(endpoint.received.length, sent, 'nothing was sent for another account');
    });
  });
}
