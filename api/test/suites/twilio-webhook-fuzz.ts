import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { calls, queueEntries } from '../../src/db/schema';
import { TWILIO_WEBHOOK_PATHS } from '../../src/modules/telephony/twilio-paths';
import { createTenant, setAgentStatus, uniquePhone } from '../factories';
import { serverOnTwilioCloud } from '../helpers/fake-twilio-cloud';
import type { TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { newSid, twilioWebhook as webhook } from '../helpers/twilio-fixture';

/** The fields Twilio's voice, conference, recording and messaging callbacks carry. */
const FIELDS = [
  'CallSid', 'ParentCallSid', 'From', 'To', 'Caller', 'Called', 'CallStatus', 'DialCallStatus', 'DialCallSid', 'CallDuration',
  'StatusCallbackEvent', 'FriendlyName', 'ConferenceSid', 'ParticipantLabel', 'RecordingUrl', 'RecordingSid', 'RecordingStatus',
  'MessageSid', 'MessageStatus', 'SmsStatus', 'Body', 'NumMedia', 'HandoffData', 'SessionStatus', 'AccountSid',
];

/** Values no well-behaved carrier sends, and a few it does, in the wrong places. */
const VALUES = [
  '', ' ', 'x', '\u0000', '\u202e+15550100000', 'A'.repeat(60_000), '{"a":'.repeat(5_000), '[[[[[[[[[[', '../../etc/passwd',
  `CA${'z'.repeat(32)}`, `CF${'0'.repeat(31)}`, 'client:', 'client:nobody@example.com', 'supervise:', `supervise:CA${'0'.repeat(32)}`,
  '-1', 'NaN', '1e309', '<Response><Hangup/></Response>', 'completed', 'in-progress', 'participant-join', 'desk-00000000-0000-4000-8000-000000000000',
  'https://example.com/recording', '+1', '+15550100480', '%00', 'undefined', 'null', 'true',
];

/** A deterministic stream of choices, so a failure replays. */
function chooser(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
}

/** The paths' query variants: the ones whose URL names a call or a message get garbage there too. */
const QUERIES = ['', '?callId=not-a-uuid', '?callId=00000000-0000-4000-8000-000000000000', `?callSid=CA${'0'.repeat(32)}`, '?callSid=%00', '?messageId=x', '?transfer=1', '?transfer=number', '?a[b][c]=d'];

export function twilioWebhookFuzzSuite(ctx: SuiteContext) {
  describe('Twilio webhooks under hostile fields', () => {
    let server: TestServer;
    serverOnTwilioCloud(() => ctx.server.db, (on) => ({ server } = on));

    it('every webhook answers signed garbage, unknown sids and oversized fields with no 5xx, leaves a call in progress as it was, and the server goes on', async () => {
      const a = await createTenant(server);
      await setAgentStatus(server.db, a.agent.id, 'available');
      const callSid = newSid('CA');
      await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: callSid, From: uniquePhone(), To: a.agent.agentNumber! });
      await webhook(server, TWILIO_WEBHOOK_PATHS.dialStatus, { CallSid: newSid('CA'), ParentCallSid: callSid, CallStatus: 'in-progress', To: `client:${a.agent.email}` });
      const [before] = await server.db.select().from(calls).where(eq(calls.callSid, callSid));
      assert.equal(before?.status, 'in-progress');

      const pick = chooser(34);
      const failures: string[] = [];
      let sent = 0;
      for (const path of Object.values(TWILIO_WEBHOOK_PATHS)) {
        for (let i = 0; i < 24; i += 1) {
          const params: Record<string, string> = {};
          const count = 1 + Math.floor(FIELDS.length * (i / 24));
          for (let f = 0; f < count; f += 1) params[pick(FIELDS)] = pick(VALUES);
          const url = `${path}${pick(QUERIES)}`;
          const answer = await webhook(server, url, params);
          sent += 1;
          if (answer.status >= 500) failures.push(`${url} ${JSON.stringify(params).slice(0, 160)} -> ${answer.status} ${answer.text.slice(0, 120)}`);
        }
      }
      assert.deepEqual(failures, [], `${failures.length} of ${sent} answered 5xx`);

      // The call in progress is as it was, nobody was queued for it, and the server still answers.
      const [after] = await server.db.select().from(calls).where(eq(calls.callSid, callSid));
      assert.deepEqual(
        [after?.status, after?.agentUserId, after?.heldSince, after?.conferenceSid, after?.supervisorUserId],
        [before.status, before.agentUserId, before.heldSince, before.conferenceSid, before.supervisorUserId],
      );
      assert.equal((await server.db.select().from(queueEntries).where(eq(queueEntries.callSid, callSid))).length, 0);
      assert.equal((await fetch(`${server.origin}/v1/health`)).status, 200);
    });
  });
}
