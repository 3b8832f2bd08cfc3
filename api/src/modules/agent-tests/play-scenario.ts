import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AgentTestResultValue, CallTrace, TestScriptStepValue, TestExpectationValue } from 'shared-contracts';
import { aiAgents, appointments, calls, callTraces, leads } from '../../db/schema';
import { wallClock } from '../../zoned-time';
import { callTraceView } from '../call-trace';
import { newCallSid } from '../telephony';
import { browserRelayLinks, greetingOf, RelayCaller } from '../voice-agent';
import { judgeExpectations } from './expectations';

/** What the call log would show as the other party of a test call (it is removed once played). */
export const TEST_CALLER = 'Agent test';
/** A reply that takes longer is a failed scenario; the session's own watchdog answers within about 6 s. */
const REPLY_TIMEOUT_MS = 15_000;
/** After the script, the agent has this long to end the call itself (a goodbye), when the scenario expects it to. */
const END_GRACE_MS = 1_500;
/** The session writes its trace as it closes. */
const TRACE_WAIT_MS = 5_000;

export interface ScenarioToPlay {
  id: string;
  name: string;
  script: readonly TestScriptStepValue[];
  expectations: readonly TestExpectationValue[];
}

/** The relay socket of this very server: a scenario's call goes through the same route as a phone call's. */
function ownRelayUrl(app: FastifyInstance, path: string): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
  const host = address.family === 'IPv6'
    ? (address.address === '::' ? '[::1]' : `[${address.address}]`)
    : (address.address === '0.0.0.0' ? '127.0.0.1' : address.address);
  return `ws://${host}:${address.port}${path}`;
}

async function traceOf(app: FastifyInstance, callId: string): Promise<typeof callTraces.$inferSelect | null> {
  const deadline = Date.now() + TRACE_WAIT_MS;
  for (;;) {
    const [row] = await app.db.select().from(callTraces).where(eq(callTraces.callId, callId));
    if (row || Date.now() > deadline) return row ?? null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Undoes what a test call left: its bookings, a lead it added that nothing else refers to, and
 * the call itself (its transcript and trace go with it): a test never counts as a call.
 */
async function removeTestCall(app: FastifyInstance, accountId: string, callId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [call] = await tx.select({ leadId: calls.leadId, startedAt: calls.startedAt, accountId: calls.accountId }).from(calls).where(eq(calls.id, callId));
    const booked = await tx.delete(appointments).where(eq(appointments.callId, callId)).returning({ leadId: appointments.leadId });
    await tx.delete(calls).where(eq(calls.id, callId));
    const leadIds = [...new Set([call?.leadId, ...booked.map((b) => b.leadId)].filter((id): id is string => typeof id === 'string'))];
    if (call && leadIds.length > 0) {
      // Only a lead the test call made: added since it started, and with no other call or appointment.
      await tx.delete(leads).where(and(
        inArray(leads.id, leadIds),
        eq(leads.accountId, call.accountId),
        sql`${leads.createdAt} >= ${call.startedAt.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${calls} where ${calls.leadId} = ${leads.id} and ${calls.id} <> ${callId})`,
        sql`not exists (select 1 from ${appointments} where ${appointments.leadId} = ${leads.id})`,
      ));
    }
  });
  app.callLogsCache.changed(accountId);
}

/**
 * Plays one scenario as a call to the agent: a test call row, the agent's own relay route over a
 * signed link, the scripted caller's lines one reply at a time; then judges the expectations on
 * the transcript, the trace and the bookings, and removes the call with what it booked.
 */
export async function playScenario(
  app: FastifyInstance,
  agent: typeof aiAgents.$inferSelect,
  timeZone: string,
  scenario: ScenarioToPlay,
  stopped: () => boolean,
): Promise<AgentTestResultValue> {
  const started = performance.now();
  const callSid = newCallSid();
  const [call] = await app.db.insert(calls).values({
    accountId: agent.accountId, aiAgentId: agent.id, aiAgentVersion: agent.version, direction: 'inbound', status: 'ringing',
    fromNumber: TEST_CALLER, toNumber: agent.phoneNumber ?? TEST_CALLER, callSid, isTest: true,
  }).returning({ id: calls.id });
  const callId = call!.id;
  const transcript: AgentTestResultValue['transcript'] = [{ speaker: 'agent', text: greetingOf(agent) }];
  let error: string | null = null;
  try {
    const caller = new RelayCaller({
      url: ownRelayUrl(app, browserRelayLinks(app).pathFor(callId)), callSid, callId, from: TEST_CALLER, to: agent.phoneNumber ?? TEST_CALLER,
    });
    caller.on('reply', (text) => transcript.push({ speaker: 'agent', text }));
    await caller.start();
    for (const step of scenario.script) {
      if (caller.ended || stopped()) break;
      const reply = caller.nextReply(REPLY_TIMEOUT_MS);
      if ('say' in step) {
        transcript.push({ speaker: 'caller', text: step.say });
        caller.say(step.say);
      } else {
        transcript.push({ speaker: 'caller', text: `(pressed ${step.keypad})` });
        for (const digit of step.keypad) caller.press(digit);
      }
      // A turn the agent answers by ending the call (a handover) has no reply to wait for.
      const answered = await Promise.race([reply.then(() => true), caller.closed.then(() => false)]).catch((err: unknown) => {
        error = err instanceof Error ? err.message : String(err);
        return false;
      });
      if (!answered) break;
    }
    // Waited for only when the scenario is about how the call ends: otherwise the caller hangs up at once.
    const aboutTheEnd = scenario.expectations.some((e) => e.kind === 'ends-call' || e.kind === 'takes-message');
    if (aboutTheEnd && !caller.ended && error === null) {
      await Promise.race([caller.closed, new Promise((resolve) => setTimeout(resolve, END_GRACE_MS))]);
    }
    await caller.hangUp();
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }

  const trace = await traceOf(app, callId);
  const booked = await app.db.select({ dateTime: appointments.dateTime }).from(appointments)
    .where(and(eq(appointments.callId, callId), ne(appointments.status, 'cancelled')));
  const callTrace: CallTrace | null = trace && callTraceView(trace, agent.version);
  await removeTestCall(app, agent.accountId, callId).catch((err: unknown) => app.log.error({ err, callId }, 'test call not removed'));
  if (trace === null && error === null) error = 'The call left no trace: it did not start';
  const expectations = judgeExpectations(scenario.expectations, {
    transcript,
    turns: trace?.turns ?? [],
    endReason: trace?.endReason ?? null,
    bookedDates: booked.map((b) => wallClock(b.dateTime, timeZone).date),
  });
  return {
    scenarioId: scenario.id,
    name: scenario.name,
    passed: error === null && expectations.every((e) => e.passed),
    transcript,
    expectations,
    trace: callTrace,
    durationMs: Math.round(performance.now() - started),
    error,
  };
}
