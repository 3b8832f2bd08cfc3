import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CALL_END_REASONS, HOLDING_TEXT, RESPONDER_FALLBACK_TEXT } from 'shared-contracts';
import { createLocalResponder } from '../../src/modules/voice-agent/responders/local-responder';
import type { Responder } from '../../src/modules/voice-agent/responders/responder';
import { CallSession, type CallSessionDeps, type SessionEnding } from '../../src/modules/voice-agent/session/call-session';
import { createAiAgent, createCall, createTenant, uniquePhone } from '../factories';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

/** A responder that answers each turn by the script: words with pauses between them, or a failure. */
function scriptedResponder(script: Array<Array<string | number>>): Responder {
  const local = createLocalResponder();
  let turn = 0;
  return {
    label: 'scripted',
    async* reply({ signal }) {
      for (const step of script[turn++] ?? []) {
        if (signal.aborted) return;
        if (typeof step === 'number') await new Promise((resolve) => setTimeout(resolve, step));
        else yield step;
      }
    },
    wrapUp: local.wrapUp,
  };
}

/**
 * One call's session driven directly, with no wire: what the caller hears and when, and how the
 * session ends. The carrier's side is a recording line.
 */
export function callSessionSuite(ctx: SuiteContext) {
  async function session(options: { responder: Responder; maxLines?: number; stallMs?: number }) {
    const t = await createTenant(ctx.server);
    const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound' });
    const row = await createCall(ctx.server.db, {
      accountId: t.account.id, aiAgentId: agent.id, status: 'ringing', durationSeconds: 0, fromNumber: uniquePhone(), toNumber: agent.phoneNumber!,
    });
    const heard: Array<{ text: string; done: boolean; at: number }> = [];
    const endings: SessionEnding[] = [];
    let finished: SessionEnding | null = null;
    const app = ctx.server.app;
    const deps: CallSessionDeps = {
      db: app.db, callLogs: app.callLogsCache, events: app.telephony.context.events, realtime: app.realtime, log: app.log,
      responderFor: async () => options.responder,
      searchKnowledge: async () => [],
      claim: () => true,
      routeTransfer: async () => ({ to: 'message' }),
      takeMessage: async () => {},
      endChosen: async () => {},
      finished: async (_call, _session, ending) => { finished = ending; },
      handOff: async () => {},
      booked: async () => {},
      timings: { stallMs: options.stallMs ?? 3_000, knowledgeMs: 1_000, routeMs: 1_000 },
      maxLines: options.maxLines ?? 1_000,
      now: () => new Date(),
    };
    const s = new CallSession(deps, {
      speak: (text, done) => heard.push({ text, done, at: Date.now() }),
      end: (ending) => endings.push(ending),
      close: () => {},
    }, false);
    s.start(row.id, `CA${row.id.replace(/-/g, '')}`);
    await waitFor(async () => s.callId, (id) => id !== null);
    return { s, heard, endings, finished: () => finished };
  }

  describe('one call\'s session', () => {
    it('a call that reaches its line limit is told so and ended, and no line past the limit is kept', async () => {
      const { s, heard, endings } = await session({ responder: scriptedResponder(Array.from({ length: 10 }, () => ['Sure.'])), maxLines: 6 });
      for (let i = 0; i < 5; i += 1) s.callerSaid(`Turn ${i}`);
      await waitFor(async () => endings.length, (n) => n > 0);
      assert.deepEqual(endings, [{ kind: 'hang-up', reason: CALL_END_REASONS.tooLong }]);
      assert.ok(heard.some((h) => h.text.includes('gone on for as long as it can')));
      await s.close();
    });

    it('a reply that goes quiet after its first words gets the holding sentence, then the fallback, each within the stall time', async () => {
      const { s, heard } = await session({ responder: scriptedResponder([['Let me ', 'check', 60_000]]), stallMs: 300 });
      const said = Date.now();
      s.callerSaid('Do you have anything on Friday?');
      await waitFor(async () => heard.filter((h) => h.done).length, (n) => n >= 2);
      const times = [said, ...heard.map((h) => h.at)];
      const longest = Math.max(...times.slice(1).map((at, i) => at - times[i]!));
      assert.ok(longest < 300 + 250, `${longest} ms of silence`);
      assert.deepEqual(heard.map((h) => [h.text, h.done]), [
        ['Let me ', false], ['check', false], [` ${HOLDING_TEXT}`, true], [` ${RESPONDER_FALLBACK_TEXT}`, true],
      ]);
      await s.close();
    });

    it('a model that fails outright is covered by the fallback at once', async () => {
      const failing: Responder = {
        ...scriptedResponder([]),
        // eslint-disable-next-line require-yield -- it fails before it says anything
        async* reply() { throw new Error('model down'); },
      };
      const { s, heard, finished } = await session({ responder: failing });
      s.callerSaid('Hello?');
      await waitFor(async () => heard.length, (n) => n > 0);
      assert.deepEqual(heard.map((h) => h.text), [RESPONDER_FALLBACK_TEXT]);
      await s.close();
      assert.deepEqual(finished(), { kind: 'hang-up', reason: CALL_END_REASONS.callerHungUp });
    });
  });
}
