import type { FastifyInstance } from 'fastify';
import twilio from 'twilio';
import { and, eq, isNull } from 'drizzle-orm';
import { CALL_END_REASONS } from 'shared-contracts';
import { aiAgents, calls } from '../../../db/schema';
import { TWILIO_WEBHOOK_PATHS, AGENTS_BUSY_TEXT, dialPeople, field, twilioWebhooks, twiml, UUID } from '../../telephony';
import { callWrapUpJob, WRAP_UP_BACKSTOP_SECONDS } from '../responders/call-wrap-up';
import { recordEndReason } from '../session/call-transfer';
import { aiCallHandedOff } from '../session/handoff';
import { connectToAgent } from './ai-call-connector';
import { readHandoff } from './relay-adapter';

const { VoiceResponse } = twilio.twiml;

/** Twilio's webhooks that only an AI agent's call reaches, signed like telephony's own. */
export async function twilioRelayWebhooks(app: FastifyInstance): Promise<void> {
  const config = app.config.twilio;
  if (config === undefined) return;
  const webhook = twilioWebhooks(app, config.authToken);
  const ctx = app.telephony.context;
  const base = app.config.publicApiUrl;
  const streamHandoffOf = async (callId: string) =>
    (await ctx.db.select({ handoff: calls.streamHandoff }).from(calls).where(eq(calls.id, callId)))[0]?.handoff ?? null;

  // An AI agent's outbound call was answered: the callee talks to the agent.
  webhook(TWILIO_WEBHOOK_PATHS.aiCall, async (params, reply, request) => {
    const callSid = field(params, 'CallSid');
    const callId = (request.query as Record<string, unknown>).callId;
    if (typeof callId !== 'string' || !UUID.test(callId)) return twiml(reply, new VoiceResponse().hangup().toString());
    // Twilio may fetch this before our own write of the CallSid has landed.
    if (callSid !== '') await ctx.db.update(calls).set({ callSid }).where(and(eq(calls.id, callId), isNull(calls.callSid)));
    const relay = await connectToAgent(app, callId);
    if (relay !== null) return twiml(reply, relay);
    const response = new VoiceResponse();
    response.hangup();
    return twiml(reply, response.toString());
  });

  // A relay session or a media stream ended: a handoff puts the caller in the queue and rings the
  // available agents; a transfer dials the agent's transfer number (a cold transfer). A media
  // stream's end carries no handoff data: its session stored where the caller goes on the call.
  webhook(TWILIO_WEBHOOK_PATHS.relayAction, async (params, reply, request) => {
    const response = new VoiceResponse();
    const callId = (request.query as Record<string, unknown>).callId;
    const handoff = readHandoff(field(params, 'HandoffData') || undefined)
      ?? (typeof callId === 'string' && UUID.test(callId) ? await streamHandoffOf(callId) : null);
    // Our speech pipeline failed mid-call: Twilio's voice takes the call on, from where it was.
    if (handoff?.reasonCode === 'speech-fallback' && typeof callId === 'string' && UUID.test(callId)) {
      await ctx.db.update(calls).set({ streamHandoff: null }).where(eq(calls.id, callId));
      const relay = await connectToAgent(app, callId, true);
      if (relay !== null) return twiml(reply, relay);
    }
    // The call keeps its summary even when the instance that held the session died mid-call.
    if (typeof callId === 'string' && UUID.test(callId)) {
      await app.jobs.send(callWrapUpJob, { callId, transferred: handoff?.reasonCode === 'live-agent-handoff', onlyIfMissing: true }, { startAfter: WRAP_UP_BACKSTOP_SECONDS });
      // A session that failed with no end of ours lost its instance: the call says so (a reason
      // the session wrote itself stands).
      if (handoff === null && field(params, 'SessionStatus') === 'failed') await recordEndReason(ctx, callId, CALL_END_REASONS.sessionLost);
    }
    if (handoff?.reasonCode === 'transfer-to-number' && typeof callId === 'string' && UUID.test(callId)) {
      // Only the agent's own transfer number is dialled, whatever the handoff data says.
      const [agent] = await ctx.db.select({ transferNumber: aiAgents.transferNumber }).from(calls)
        .innerJoin(aiAgents, eq(aiAgents.id, calls.aiAgentId)).where(eq(calls.id, callId));
      const number = agent?.transferNumber?.trim();
      if (number && number === handoff.transferTo) {
        response.dial({ answerOnBridge: true }, number);
        return twiml(reply, response.toString());
      }
    }
    if (handoff?.reasonCode !== 'live-agent-handoff') {
      response.hangup();
      return twiml(reply, response.toString());
    }
    const result = await aiCallHandedOff(ctx, { callSid: field(params, 'CallSid'), reason: handoff.reason });
    if (!result.ok || result.ring.length === 0) {
      response.say(AGENTS_BUSY_TEXT);
      response.hangup();
      return twiml(reply, response.toString());
    }
    dialPeople(response, result.ring, field(params, 'CallSid'), result.policy, base);
    return twiml(reply, response.toString());
  });
}
