import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { CALL_END_REASONS, TRANSFER_TEXTS } from 'shared-contracts';
import { aiClients } from '../../src/db/schema';
import { eq } from 'drizzle-orm';
import { createAdmin, createAiAgent, createTenant, setAgentStatus, uniquePhone } from '../factories';
import { callerLinesOf, callRecordOf } from '../helpers/call-record';
import { sayAndListen } from '../helpers/caller-experience';
import { startFakeProvider, type Answers, type FakeProvider, type ScriptedAnswer } from 'shared-test-kit';
import { answeredByLocalResponder } from '../helpers/relay';
import { RelayLine } from '../helpers/relay-line';
import { call, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';
import { webhookReceiver } from '../helpers/webhook-receiver';

/** The longest silence a caller may sit through after a turn, at any point of the answer. */
export const LONGEST_SILENCE_MS = 4_000;
/** How long a turn may take to be answered at all (a slow model's answer, or the fallback). */
const TURN_MS = 15_000;
/** How long a finished call may take to have its record: end reason, transcript and summary. */
const RECORD_MS = 30_000;

/** Where a caller asking for a person goes, by what the account has. */
export type PersonRoute = 'queue' | 'number' | 'message';

export interface ChaosFigures {
  calls: number;
  longestSilenceMs: number;
  /** Callers who asked for a person and reached neither a person nor a message. */
  stranded: number;
  /** Calls without an end reason, a transcript or a summary once over. */
  unfinished: number;
  /** Caller turns said that are not in the stored transcript. */
  linesLost: number;
  problems: string[];
}

/** An account set up for one route, and its AI agent answered by `textClientId` (null: the local responder). */
export async function chaosAccount(server: TestServer, route: PersonRoute, textClientId: string | null) {
  const t = await createTenant(server, { plan: 'performance-suite' });
  const transferNumber = route === 'number' ? uniquePhone() : null;
  if (route === 'queue') await setAgentStatus(server.db, t.agent.id, 'available');
  const agent = await createAiAgent(server.db, { accountId: t.account.id, handleCallType: 'inbound', textClientId, transferNumber, greeting: 'Thanks for calling, how can I help?' });
  return { route, t, number: agent.phoneNumber!, transferNumber };
}
export type ChaosAccount = Awaited<ReturnType<typeof chaosAccount>>;

const EXPECTED_END: Record<PersonRoute, string> = {
  queue: CALL_END_REASONS.handedToPerson,
  number: CALL_END_REASONS.transferredToNumber,
  message: CALL_END_REASONS.messageTaken,
};

/**
 * One caller's call in three steps, so a fault can be laid over any of them: dial; ask a question
 * (the step a fault hits); ask for a person and go where the account sends them, hang up, and
 * read the call's record.
 */
export async function chaosCall(server: TestServer, account: ChaosAccount) {
  const from = uniquePhone();
  const { line, callId } = await RelayLine.dial(server, account.number, from);
  const said: string[] = [];
  const silences: number[] = [];
  const problems: string[] = [];
  const turn = async (text: string) => {
    said.push(text);
    const heard = await sayAndListen(line, text, TURN_MS);
    silences.push(heard.silenceMs);
    if (heard.reply === null) problems.push(`${account.route} call ${callId}: "${text}" was never answered`);
    return heard.reply ?? '';
  };
  const endedWith = async (code: string) => (await line.until(() => line.ended, LONGEST_SILENCE_MS)) && line.handoff?.reasonCode === code;

  return {
    callId,
    ask: () => turn('What are your opening hours?'),
    async finish(): Promise<{ reached: boolean; finished: boolean; linesLost: number; silenceMs: number; problems: string[] }> {
      const person = await turn('a person');
      let reached = false;
      if (account.route === 'queue') {
        reached = person.includes(TRANSFER_TEXTS.toQueue) && await endedWith('live-agent-handoff');
      } else if (account.route === 'number') {
        reached = person.includes(TRANSFER_TEXTS.toNumber) && await endedWith('transfer-to-number') && line.handoff?.transferTo === account.transferNumber;
      } else if (person.includes(TRANSFER_TEXTS.nobodyAvailable)) {
        const name = await turn('My name is Jane Doe.');
        const reason = name.includes(TRANSFER_TEXTS.askReason) ? await turn('Please call me back about my invoice.') : '';
        reached = reason.includes(TRANSFER_TEXTS.messageTaken) && await endedWith('call-ended');
      }
      if (!reached) problems.push(`${account.route} call ${callId}: asking for a person got ${JSON.stringify(line.replies.slice(-3))}, handoff ${JSON.stringify(line.handoff)}`);
      await line.hangUp();

      const record = await waitFor(() => callRecordOf(server, account.t.ownerToken, callId), (r) => r?.endReason != null && r.summary != null, RECORD_MS);
      const lines = await callerLinesOf(server, callId);
      const linesLost = said.filter((text) => !lines.includes(text)).length;
      let finished = record?.endReason === EXPECTED_END[account.route] && Boolean(record.summary) && lines.length > 0;
      if (account.route === 'message' && reached) {
        const callback = record?.callbackRequest;
        const taken = callback?.callerName?.includes('Jane') && callback.phoneNumber === from && /invoice/.test(callback.reason);
        if (!taken) problems.push(`message call ${callId}: callback request ${JSON.stringify(callback)}`);
        finished &&= Boolean(taken);
      }
      if (!finished) problems.push(`${account.route} call ${callId}: record ${JSON.stringify(record)}, ${lines.length} caller lines`);
      if (linesLost > 0) problems.push(`${account.route} call ${callId}: said ${JSON.stringify(said)}, stored ${JSON.stringify(lines)}`);
      return { reached, finished, linesLost, silenceMs: Math.max(0, ...silences), problems };
    },
  };
}

/** Adds up calls' outcomes into a fault's figures, and prints its line. */
export function figuresOf(fault: string, outcomes: Array<Awaited<ReturnType<Awaited<ReturnType<typeof chaosCall>>['finish']>>>): ChaosFigures {
  const figures: ChaosFigures = {
    calls: outcomes.length,
    longestSilenceMs: Math.max(0, ...outcomes.map((o) => o.silenceMs)),
    stranded: outcomes.filter((o) => !o.reached).length,
    unfinished: outcomes.filter((o) => !o.finished).length,
    linesLost: outcomes.reduce((sum, o) => sum + o.linesLost, 0),
    problems: outcomes.flatMap((o) => o.problems),
  };
  console.log(`chaos ${fault}: calls ${figures.calls}, longest silence ${figures.longestSilenceMs} ms, stranded ${figures.stranded}, `
    + `unfinished ${figures.unfinished}, lines lost ${figures.linesLost}`);
  return figures;
}

export function assertNoCallerStranded(figures: ChaosFigures): void {
  const summary = JSON.stringify({ ...figures, problems: undefined });
  assert.deepEqual(figures.problems, [], summary);
  assert.equal(figures.stranded, 0, summary);
  assert.equal(figures.unfinished, 0, summary);
  assert.equal(figures.linesLost, 0, summary);
  assert.ok(figures.longestSilenceMs < LONGEST_SILENCE_MS, summary);
}

const ROUTES: readonly PersonRoute[] = ['queue', 'number', 'message'];

/** The stand-in model's answers under each fault; its wrap-up (asked without streaming) suffers the same. */
const WRAP_UP = JSON.stringify({ summary: 'The caller asked for the opening hours and then for a person.', outcome: 'transferred', sentiment: 'neutral' });
type ModelFault = { down: true } | { answer: (stream: boolean) => ScriptedAnswer };
const MODEL_FAULTS: Record<string, ModelFault> = {
  'model slow to its first word': {
    answer: (stream) => (stream ? [{ wait: sleep(7_000) }, { text: 'We are open ' }, { text: 'from nine to five.' }] : [{ wait: sleep(7_000) }, { text: WRAP_UP }]),
  },
  'model stalls mid-reply': {
    answer: (stream) => (stream ? [{ text: 'We are open ' }, { text: 'from nine ' }, { wait: sleep(9_000) }, { text: 'to five.' }] : [{ wait: sleep(9_000) }, { text: WRAP_UP }]),
  },
  'model never answers, not even headers': { answer: (stream) => (stream ? { hang: true } : [{ text: WRAP_UP }]) },
  'model answers 500': { answer: () => ({ status: 500, message: 'The model is overloaded' }) },
  'model answers garbage': { answer: () => ({ garbage: '<html><body>502 Bad Gateway</body></html>\n\u0001{"choices":[' }) },
  'model down (connection refused)': { down: true },
};

export function callChaosSuite(ctx: SuiteContext) {
  describe('calls under faults never strand a caller', () => {
    answeredByLocalResponder(ctx);
    let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
    before(async () => {
      receiver = await webhookReceiver();
    });
    after(() => receiver.close());

    /** Three callers at once, one per route; the message-taking account hears of its message by webhook. */
    async function runCalls(fault: string, textClientId: string | null): Promise<ChaosFigures> {
      const accounts = await Promise.all(ROUTES.map((route) => chaosAccount(ctx.server, route, textClientId)));
      const messages = accounts.find((a) => a.route === 'message')!;
      const hook = await call(ctx.server, 'POST', 'webhook/create', {
        token: messages.t.ownerToken, body: { url: receiver.url(`/${messages.t.account.id}`), events: ['call.callback_requested'] },
      });
      assert.equal(hook.status, 200, JSON.stringify(hook.body));
      const outcomes = await Promise.all(accounts.map(async (account) => {
        const caller = await chaosCall(ctx.server, account);
        await caller.ask();
        const outcome = await caller.finish();
        if (account.route === 'message') {
          const delivered = await waitFor(async () => receiver.at(`/${messages.t.account.id}`), (got) => got.some((d) => d.json?.data?.callId === caller.callId), 10_000);
          const event = delivered.find((d) => d.json?.data?.callId === caller.callId)?.json;
          if (event?.type !== 'call.callback_requested' || !/invoice/.test(event.data.reason)) outcome.problems.push(`no call.callback_requested webhook for ${caller.callId}: ${JSON.stringify(event)}`);
        }
        return outcome;
      }));
      return figuresOf(fault, outcomes);
    }

    it('with the local responder', async () => {
      assertNoCallerStranded(await runCalls('local responder', null));
    });

    describe('with a language model that fails', () => {
      const figures = new Map<string, ChaosFigures>();
      const providers: FakeProvider[] = [];
      const clientIds: string[] = [];
      // Every fault at once: each has its own model server and AI client, and the calls of one do not wait on another's.
      before(async () => {
        const admin = await createAdmin(ctx.server);
        await Promise.all(Object.entries(MODEL_FAULTS).map(async ([fault, behaviour]) => {
          const answers: Answers = (_index, seen) => ('answer' in behaviour ? behaviour.answer(seen.body.stream === true) : { cut: true });
          const provider = await startFakeProvider('openai', answers);
          providers.push(provider);
          if ('down' in behaviour) await provider.down();
          const created = await call(ctx.server, 'POST', 'ai-client/create-ai-client', { token: admin.token, body: { type: 'AI Client', client: 'OpenAI', model: 'fake-model' } });
          assert.equal(created.status, 200, JSON.stringify(created.body));
          clientIds.push(created.body.data.id);
          const updated = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${created.body.data.id}`, {
            token: admin.token, body: { credentials: { apiKey: 'sk-test-key', baseUrl: provider.baseUrl } },
          });
          assert.equal(updated.status, 200, JSON.stringify(updated.body));
          figures.set(fault, await runCalls(fault, created.body.data.id));
        }));
      });
      after(async () => {
        // AI clients are global: the suites after this one answer with the local responder again.
        for (const id of clientIds) await ctx.server.db.delete(aiClients).where(eq(aiClients.id, id));
        await Promise.all(providers.map((p) => p.close()));
      });

      for (const fault of Object.keys(MODEL_FAULTS)) {
        it(fault, () => {
          const found = figures.get(fault);
          assert.ok(found, 'the fault ran');
          assertNoCallerStranded(found);
        });
      }
    });

    describe('with a model whose custom tool never answers', () => {
      let provider: FakeProvider;
      let endpoint: Server;
      let clientId: string;
      before(async () => {
        // The model looks the hours up with the business's own tool, then says what it was told.
        provider = await startFakeProvider('openai', (_index, seen) => {
          if (seen.body.stream !== true) return [{ text: WRAP_UP }];
          const last = (seen.body.messages as Array<{ role: string; content: unknown }>).at(-1);
          if (last?.role === 'tool') return [{ text: 'Our system did not answer, ' }, { text: 'but a person can help.' }];
          return [{ toolCall: { name: 'opening_hours', args: {} } }];
        });
        // The business's endpoint takes the request and never answers it.
        endpoint = createServer((req) => req.resume());
        await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
        const admin = await createAdmin(ctx.server);
        const created = await call(ctx.server, 'POST', 'ai-client/create-ai-client', { token: admin.token, body: { type: 'AI Client', client: 'OpenAI', model: 'fake-model' } });
        clientId = created.body.data.id;
        await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${clientId}`, { token: admin.token, body: { credentials: { apiKey: 'sk-test-key', baseUrl: provider.baseUrl } } });
      });
      after(async () => {
        await ctx.server.db.delete(aiClients).where(eq(aiClients.id, clientId));
        await provider.close();
        endpoint.closeAllConnections();
        await new Promise((resolve) => endpoint.close(resolve));
      });

      it('the tool times out, the caller hears the holding sentence and then an answer, and still reaches a person or a message', async () => {
        const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hours`;
        const outcomes = await Promise.all(ROUTES.map(async (route) => {
          const account = await chaosAccount(ctx.server, route, clientId);
          const agents = await call(ctx.server, 'GET', `agent/get-agents/${account.t.account.id}`, { token: account.t.ownerToken });
          const saved = await call(ctx.server, 'PATCH', `agent/update-agent/${agents.body.data[0].id}`, {
            token: account.t.ownerToken,
            body: { customTools: [{ name: 'opening_hours', description: 'The opening hours.', url, method: 'POST', parameters: [] }] },
          });
          assert.equal(saved.status, 200, JSON.stringify(saved.body));
          const caller = await chaosCall(ctx.server, account);
          const answer = await caller.ask();
          const outcome = await caller.finish();
          if (!answer.includes('a person can help')) outcome.problems.push(`${route}: the model's answer after the tool timed out was not heard: ${JSON.stringify(answer)}`);
          return outcome;
        }));
        assertNoCallerStranded(figuresOf('custom tool never answers', outcomes));
      });
    });
  });
}
