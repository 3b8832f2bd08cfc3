import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { CALLER_CALL_SID_PARAMETER, normalizePhoneB, parseRelayHandoff, US_PHONE_PATTERN } from 'shared-contracts';
import { aiAgents, calls } from '../../db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import {
  CALL_OUTCOMES, callAnswered, callEnded, inboundCall, outboundCall, recordingReady, type CallOutcome,
} from './call-events';
import { aiCallConnected, aiCallIncoming } from './ai-calls';
import { greetingOf } from '../voice-agent/session/call-record';
import { callWrapUpJob, WRAP_UP_BACKSTOP_SECONDS } from '../voice-agent/responders/call-wrap-up';
import { aiCallHandedOff } from '../voice-agent/session/handoff';
import { relayUrl } from '../voice-agent/transport/relay-handshake';
import { relaySpeechFor, relayTwiml } from '../voice-agent/transport/relay-twiml';
import { acceptFormBodies } from './form-body';
import { agentByIdentity } from './numbers';
import { inboundSms, smsStatusChanged } from './sms-events';
import { TWILIO_WEBHOOK_PATHS } from './twilio-paths';

const { VoiceResponse, MessagingResponse } = twilio.twiml;

export const FORGED_WEBHOOK_TEXT = 'Invalid Twilio signature';
export const NOT_IN_SERVICE_TEXT = 'This number is not in service.';
export const AGENTS_BUSY_TEXT = 'All our agents are busy. We will call you back shortly.';
export const INVALID_NUMBER_TEXT = 'The number you dialled is not a valid US number.';

type Params = Record<string, string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const field = (params: Params, key: string): string => (typeof params[key] === 'string' ? params[key] : '');

const twiml = (reply: FastifyReply, xml: string) => reply.type('text/xml').send(xml);

/**
 * Twilio's webhooks. Each one first checks X-Twilio-Signature over the public URL and the posted
 * fields (a forged or altered request gets 403 and changes nothing); the handlers are idempotent
 * on the Call/Message SID, so Twilio's retries and a replayed request do no harm.
 */
export async function twilioWebhookRoutes(app: FastifyInstance): Promise<void> {
  const config = app.config.twilio;
  if (config === undefined) return;
  acceptFormBodies(app);
  const ctx = app.telephony.context;
  const base = app.config.publicApiUrl;
  const url = (path: string) => `${base}${path}`;

  const verified = (request: FastifyRequest): Params | null => {
    const signature = request.headers['x-twilio-signature'];
    const params = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Params;
    if (typeof signature !== 'string') return null;
    return twilio.validateRequest(config.authToken, signature, `${base}${request.url}`, params) ? params : null;
  };

  const webhook = (path: string, handle: (params: Params, reply: FastifyReply, request: FastifyRequest) => Promise<unknown>) => {
    app.post(path, async (request, reply) => {
      const params = verified(request);
      if (params === null) return reply.code(403).type('text/plain').send(FORGED_WEBHOOK_TEXT);
      return handle(params, reply, request);
    });
  };

  /**
   * Rings each agent's softphone on the caller's call. Each <Client> leg gets its own CallSid from
   * Twilio, so the caller's is passed along for the softphone to look the call up.
   */
  const ringAgents = (dial: ReturnType<InstanceType<typeof VoiceResponse>['dial']>, agents: Array<{ email: string }>, callerCallSid: string) => {
    for (const agent of agents) {
      const client = dial.client({ statusCallbackEvent: ['answered'], statusCallback: url(TWILIO_WEBHOOK_PATHS.dialStatus) });
      client.identity(agent.email);
      client.parameter({ name: CALLER_CALL_SID_PARAMETER, value: callerCallSid });
    }
  };

  /** TwiML connecting an AI agent's call to the relay endpoint. */
  const connectToAgent = async (callId: string) => {
    const [call] = await ctx.db.select({ aiAgentId: calls.aiAgentId }).from(calls).where(eq(calls.id, callId));
    const [agent] = call?.aiAgentId ? await ctx.db.select().from(aiAgents).where(eq(aiAgents.id, call.aiAgentId)) : [];
    if (!agent) return null;
    await aiCallConnected(ctx, callId);
    return relayTwiml({
      relayUrl: relayUrl(base),
      actionUrl: url(`${TWILIO_WEBHOOK_PATHS.relayAction}?callId=${callId}`),
      callId,
      greeting: greetingOf(agent),
      speech: await relaySpeechFor(ctx.db, agent),
    });
  };

  webhook(TWILIO_WEBHOOK_PATHS.incomingCall, async (params, reply) => {
    // A number an AI agent answers: the caller talks to the agent.
    const aiCall = await aiCallIncoming(ctx, { callSid: field(params, 'CallSid'), from: field(params, 'From'), to: field(params, 'To') });
    const relay = aiCall === null ? null : await connectToAgent(aiCall.callId);
    if (relay !== null) return twiml(reply, relay);
    const response = new VoiceResponse();
    const result = await inboundCall(ctx, { callSid: field(params, 'CallSid'), from: field(params, 'From'), to: field(params, 'To') });
    if (!result.accepted) {
      response.say(NOT_IN_SERVICE_TEXT);
      response.hangup();
    } else if (result.ring.length === 0) {
      response.say(AGENTS_BUSY_TEXT);
      response.hangup();
    } else {
      const dial = response.dial({
        timeout: result.policy.ringTimeoutSeconds,
        answerOnBridge: true,
        ...(result.policy.recordCalls ? { record: 'record-from-answer', recordingStatusCallback: url(TWILIO_WEBHOOK_PATHS.recording) } : {}),
      });
      ringAgents(dial, result.ring, field(params, 'CallSid'));
    }
    return twiml(reply, response.toString());
  });

  webhook(TWILIO_WEBHOOK_PATHS.outgoingCall, async (params, reply) => {
    const response = new VoiceResponse();
    const to = normalizePhoneB(field(params, 'To'));
    const identity = field(params, 'From').replace(/^client:/, '');
    if (!US_PHONE_PATTERN.test(to)) {
      response.say(INVALID_NUMBER_TEXT);
      return twiml(reply, response.toString());
    }
    const result = await outboundCall(ctx, { callSid: field(params, 'CallSid'), identity, to });
    if (!result.ok) {
      response.say(NOT_IN_SERVICE_TEXT);
      return twiml(reply, response.toString());
    }
    const dial = response.dial({
      callerId: result.agent.agentNumber,
      answerOnBridge: true,
      ...(result.policy.recordCalls ? { record: 'record-from-answer', recordingStatusCallback: url(TWILIO_WEBHOOK_PATHS.recording) } : {}),
    });
    dial.number({ statusCallbackEvent: ['answered'], statusCallback: url(TWILIO_WEBHOOK_PATHS.dialStatus) }, to);
    return twiml(reply, response.toString());
  });

  // A dialled leg (the agent's <Client>, or the number an agent called) was answered.
  webhook(TWILIO_WEBHOOK_PATHS.dialStatus, async (params, reply) => {
    const parent = field(params, 'ParentCallSid');
    if (field(params, 'CallStatus') === 'in-progress' && parent !== '') {
      const to = field(params, 'To');
      let agentUserId: string | null = null;
      if (to.startsWith('client:')) agentUserId = (await agentByIdentity(ctx.db, to.slice('client:'.length)))?.userId ?? null;
      else [{ agentUserId } = { agentUserId: null }] = await ctx.db.select({ agentUserId: calls.agentUserId }).from(calls).where(eq(calls.callSid, parent));
      if (agentUserId !== null) await callAnswered(ctx, { callSid: parent, agentUserId });
    }
    return reply.code(204).send();
  });

  webhook(TWILIO_WEBHOOK_PATHS.callStatus, async (params, reply) => {
    const status = field(params, 'CallStatus');
    if ((CALL_OUTCOMES as readonly string[]).includes(status)) {
      const duration = Number.parseInt(field(params, 'CallDuration'), 10);
      await callEnded(ctx, {
        callSid: field(params, 'CallSid'), outcome: status as CallOutcome, durationSeconds: Number.isFinite(duration) ? duration : undefined,
      });
    }
    return reply.code(204).send();
  });

  webhook(TWILIO_WEBHOOK_PATHS.recording, async (params, reply) => {
    const recordingUrl = field(params, 'RecordingUrl');
    if (field(params, 'RecordingStatus') === 'completed' && /^https:\/\//.test(recordingUrl)) {
      await recordingReady(ctx, { callSid: field(params, 'CallSid'), recordingUrl });
    }
    return reply.code(204).send();
  });

  // An AI agent's outbound call was answered: the callee talks to the agent.
  app.post(TWILIO_WEBHOOK_PATHS.aiCall, async (request, reply) => {
    const params = verified(request);
    if (params === null) return reply.code(403).type('text/plain').send(FORGED_WEBHOOK_TEXT);
    const callSid = field(params, 'CallSid');
    const callId = (request.query as Record<string, unknown>).callId;
    if (typeof callId !== 'string' || !UUID.test(callId)) return twiml(reply, new VoiceResponse().hangup().toString());
    // Twilio may fetch this before our own write of the CallSid has landed.
    if (callSid !== '') await ctx.db.update(calls).set({ callSid }).where(and(eq(calls.id, callId), isNull(calls.callSid)));
    const relay = await connectToAgent(callId);
    if (relay !== null) return twiml(reply, relay);
    const response = new VoiceResponse();
    response.hangup();
    return twiml(reply, response.toString());
  });

  // A relay session ended: a handoff puts the caller in the queue and rings the available agents;
  // a transfer dials the agent's transfer number (a cold transfer).
  webhook(TWILIO_WEBHOOK_PATHS.relayAction, async (params, reply, request) => {
    const response = new VoiceResponse();
    const handoff = parseRelayHandoff(field(params, 'HandoffData') || undefined);
    // The call keeps its summary even when the instance that held the session died mid-call.
    const callId = (request.query as Record<string, unknown>).callId;
    if (typeof callId === 'string' && UUID.test(callId)) {
      await app.jobs.send(callWrapUpJob, { callId, transferred: handoff?.reasonCode === 'live-agent-handoff', onlyIfMissing: true }, { startAfter: WRAP_UP_BACKSTOP_SECONDS });
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
    const dial = response.dial({ timeout: result.policy.ringTimeoutSeconds, answerOnBridge: true });
    ringAgents(dial, result.ring, field(params, 'CallSid'));
    return twiml(reply, response.toString());
  });

  webhook(TWILIO_WEBHOOK_PATHS.incomingSms, async (params, reply) => {
    await inboundSms(ctx, { messageSid: field(params, 'MessageSid'), from: field(params, 'From'), to: field(params, 'To'), body: field(params, 'Body') });
    return twiml(reply, new MessagingResponse().toString());
  });

  // The callback URL names our row (smsStatusCallbackPath), signed with it, so a callback finds the
  // row even when the instance that sent the text stopped before storing its MessageSid.
  webhook(TWILIO_WEBHOOK_PATHS.smsStatus, async (params, reply, request) => {
    const status = field(params, 'MessageStatus');
    const messageId = (request.query as Record<string, unknown>).messageId;
    if (status !== '') {
      await smsStatusChanged(ctx, {
        messageSid: field(params, 'MessageSid'), status, ...(typeof messageId === 'string' && UUID.test(messageId) ? { messageId } : {}),
      });
    }
    return reply.code(204).send();
  });
}
