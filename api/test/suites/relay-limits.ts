import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { CALL_END_REASONS, RELAY_MAX_LINES_PER_CALL, RELAY_MAX_TURNS_PER_SECOND, RELAY_SETUP_TIMEOUT_MS } from 'shared-contracts';
import { createAiAgent, createTenant, uniquePhone } from '../factories';
import { callerLinesOf, callRecordOf } from '../helpers/call-record';
import { answeredByLocalResponder, relaySocketUrl, simulatorDoor } from '../helpers/relay';
import { RelayLine } from '../helpers/relay-line';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

/** The longest a caller may wait for the agent's next words. */
const ANSWER_MS = 4_000;
const FLOOD_FRAMES = 3_000;

/**
 * A relay session is bounded, whoever is on the other end: it names its call in time, a call has
 * one session, and a carrier that floods the session with turns has it ended, with the call
 * saying why. The server serves every other call meanwhile.
 */
export function relayLimitsSuite(ctx: SuiteContext) {
  describe('relay sessions are bounded', () => {
    answeredByLocalResponder(ctx);

    const agentOf = async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', greeting: 'Bounded line, hello.' });
      return { t, number: agent.phoneNumber! };
    };

    it('a socket that does not name its call in time is closed; a call set up in time goes on past that', async () => {
      const { number } = await agentOf();
      const door = await simulatorDoor(ctx.server, 'inbound-call', { from: uniquePhone(), to: number });
      assert.equal(door.status, 200, JSON.stringify(door.body));
      const headers = { 'x-twilio-signature': door.body.data.relay.signature as string };
      const opened = Date.now();
      const silent = new RelayLine(relaySocketUrl(ctx.server), headers);
      const chatty = new RelayLine(relaySocketUrl(ctx.server), headers);
      const { line: live } = await RelayLine.dial(ctx.server, number, uniquePhone());
      await Promise.all([silent.opened, chatty.opened]);
      // Frames that are not a setup do not keep a socket open.
      chatty.say('Hello?');
      chatty.send({ type: 'error', description: 'still here' });
      const closedIn = async (line: RelayLine) => (await Promise.race([line.closed.then(() => Date.now() - opened), sleep(RELAY_SETUP_TIMEOUT_MS + 3_000, -1)]));
      const [silentMs, chattyMs] = await Promise.all([closedIn(silent), closedIn(chatty)]);
      assert.ok(silentMs !== -1 && chattyMs !== -1, `both sockets without a setup are closed (after ${silentMs} and ${chattyMs} ms; -1: still open)`);
      assert.ok(Date.now() - opened >= RELAY_SETUP_TIMEOUT_MS - 500);
      live.say('Are you still there?');
      assert.ok((await live.nextReply(ANSWER_MS)).length > 0, 'the call that named itself in time is answered after the deadline');
      await live.hangUp();
    });

    it('a call has one session: of two sockets setting it up at once, one is closed and the other is answered', async () => {
      const { number } = await agentOf();
      const from = uniquePhone();
      const door = await simulatorDoor(ctx.server, 'inbound-call', { from, to: number });
      const { callSid, callId, relay } = door.body.data as { callSid: string; callId: string; relay: { signature: string } };
      const lines = [0, 1].map(() => new RelayLine(relaySocketUrl(ctx.server), { 'x-twilio-signature': relay.signature }));
      await Promise.all(lines.map((l) => l.opened));
      for (const l of lines) l.setup(callSid, callId, from, number);
      await Promise.race([...lines.map((l) => l.closed), sleep(5_000)]);
      const kept = lines.filter((l) => l.closeCode === null);
      assert.equal(kept.length, 1, 'exactly one session holds the call');
      kept[0]!.say('Hello, who is this?');
      assert.ok((await kept[0]!.nextReply(ANSWER_MS)).length > 0);
      await kept[0]!.hangUp();
    });

    it(`a flood of turns (${FLOOD_FRAMES} in a burst) ends the session, the call says why, and the server serves other calls`, async () => {
      const { t, number } = await agentOf();
      const { line, callId } = await RelayLine.dial(ctx.server, number, uniquePhone());
      line.say('Hello?');
      await line.nextReply(ANSWER_MS);
      const started = Date.now();
      for (let i = 0; i < FLOOD_FRAMES; i += 1) line.send({ type: 'prompt', voicePrompt: `Flood turn ${i}`, last: true });
      const sentMs = Date.now() - started;
      const closed = await Promise.race([line.closed, sleep(5_000, -1)]);
      assert.notEqual(closed, -1, `the flooded session is ended (frames sent in ${sentMs} ms)`);
      const record = await waitFor(() => callRecordOf(ctx.server, t.ownerToken, callId), (r) => r?.endReason != null && r.summary != null, 15_000);
      assert.equal(record?.endReason, CALL_END_REASONS.flood);
      assert.ok(record?.summary, 'the call has its summary');
      const said = await callerLinesOf(ctx.server, callId);
      assert.equal(said[0], 'Hello?');
      const flooded = said.filter((l) => l.startsWith('Flood turn'));
      assert.ok(flooded.length <= RELAY_MAX_TURNS_PER_SECOND + 1 && said.length <= RELAY_MAX_LINES_PER_CALL,
        `${flooded.length} of ${FLOOD_FRAMES} flooded turns stored; at most a second's worth of turns (${RELAY_MAX_TURNS_PER_SECOND}) is heard`);
      assert.equal((await fetch(`${ctx.server.origin}/v1/health`)).status, 200);
      const other = await RelayLine.dial(ctx.server, number, uniquePhone());
      other.line.say('Hello, are you open today?');
      assert.ok((await other.line.nextReply(ANSWER_MS)).length > 0, 'another call is answered');
      await other.line.hangUp();
    });
  });
}
