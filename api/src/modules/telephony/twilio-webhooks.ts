import type { FastifyInstance } from 'fastify';
import twilio from 'twilio';
import { CALL_END_REASONS, normalizePhoneB, US_PHONE_PATTERN } from 'shared-contracts';
import { calls } from '../../db/schema';
import { eq } from 'drizzle-orm';
import {
  CALL_OUTCOMES, callAnswered, callEnded, inboundCall, outboundCall, recordingReady, type CallOutcome,
} from './call-events';
import { aiCallIncoming } from './ai-calls';
import { agentByIdentity } from './numbers';
import { inboundSms, smsStatusChanged } from './sms-events';
import { TWILIO_WEBHOOK_PATHS } from './twilio-paths';
import { AGENTS_BUSY_TEXT, field, ringAgents, twilioWebhooks, twiml, UUID } from './twilio-webhook';

const { VoiceResponse, MessagingResponse } = twilio.twiml;

export const NOT_IN_SERVICE_TEXT = 'This number is not in service.';
export const INVALID_NUMBER_TEXT = 'The number you dialled is not a valid US number.';

/**
 * Twilio's webhooks for calls and texts, each signed (twilio-webhook.ts); the ones only an AI
 * agent's call reaches belong to the AI call runtime. The handlers are idempotent on the
 * Call/Message SID, so Twilio's retries and a replayed request do no harm.
 */
export async function twilioWebhookRoutes(app: FastifyInstance): Promise<void> {
  const config = app.config.twilio;
  if (config === undefined) return;
  const webhook = twilioWebhooks(app, config.authToken);
  const ctx = app.telephony.context;
  const base = app.config.publicApiUrl;
  const url = (path: string) => `${base}${path}`;

  webhook(TWILIO_WEBHOOK_PATHS.incomingCall, async (params, reply) => {
    // A number an AI agent answers: the caller talks to the agent.
    const aiCall = await aiCallIncoming(ctx, { callSid: field(params, 'CallSid'), from: field(params, 'From'), to: field(params, 'To') });
    const relay = aiCall === null ? null : await app.telephony.aiCalls.connect(aiCall.callId);
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
      ringAgents(dial, result.ring, field(params, 'CallSid'), base);
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
      // Kept only on an AI call that has no reason yet: the session's own reason stands.
      await callEnded(ctx, {
        callSid: field(params, 'CallSid'), outcome: status as CallOutcome, durationSeconds: Number.isFinite(duration) ? duration : undefined,
        endReason: status === 'completed' ? CALL_END_REASONS.callerHungUp : CALL_END_REASONS.neverConnected,
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
