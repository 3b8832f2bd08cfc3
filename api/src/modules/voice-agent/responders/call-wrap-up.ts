import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { Id } from 'shared-contracts';
import { accounts, aiAgents, appointments, calls, conversationMessages, conversations, leads } from '../../../db/schema';
import type { JobDefinition } from '../../jobs';
import { accountEvents, raiseAnalysisCompleted, raiseCallCompleted } from '../../webhooks';
import { saveWrapUp } from '../session/call-record';
import { placeholderName } from '../tools/caller-lead';
import { localDateTime, type AnalysisRequest } from './call-analysis';
import { createLocalResponder } from './local-responder';
import { responderForAgent } from './pick-responder';
import type { CallWrapUp, Responder, Turn, WrapUpFacts } from './responder';

/** The model gets this long to write a call's summary before the extractive one is used. */
const WRAP_UP_TIMEOUT_MS = 20_000;

/** The call's summary from its responder, or the extractive one when the model fails or is slow. */
export async function wrapUpOf(responder: Responder, transcript: readonly Turn[], facts: WrapUpFacts): Promise<CallWrapUp> {
  try {
    return await responder.wrapUp(transcript, facts, AbortSignal.timeout(WRAP_UP_TIMEOUT_MS));
  } catch {
    return createLocalResponder().wrapUp(transcript, facts, AbortSignal.timeout(WRAP_UP_TIMEOUT_MS));
  }
}

/** What the agent asks of each call, with the call's known facts; undefined when it asks nothing. */
function analysisRequestOf(
  agent: { analysisFields: AnalysisRequest['fields']; successCriterion: string },
  call: { direction: string; fromNumber: string; toNumber: string; startedAt: Date; leadName: string | null; timeZone: string },
  bookedAt: Date | null,
  modelLabel: string,
): AnalysisRequest | undefined {
  if (agent.analysisFields.length === 0 && agent.successCriterion.trim() === '') return undefined;
  const callerNumber = (call.direction === 'outbound' ? call.toNumber : call.fromNumber) || null;
  const named = call.leadName !== null && (callerNumber === null || call.leadName !== placeholderName(callerNumber));
  return {
    fields: agent.analysisFields,
    successCriterion: agent.successCriterion.trim(),
    modelLabel,
    known: {
      callerName: named ? call.leadName : null,
      callerNumber,
      booked: bookedAt ? localDateTime(bookedAt, call.timeZone) : null,
      callDate: localDateTime(call.startedAt, call.timeZone).date,
    },
  };
}

/**
 * When the carrier says a relay session is over, the wrap-up is queued again this much later, to
 * run only if the call has no summary by then: the instance that held the session queues the
 * wrap-up itself once every line is stored, unless it died mid-call.
 */
export const WRAP_UP_BACKSTOP_SECONDS = 15;

const WrapUpData = v.object({ callId: Id, transferred: v.boolean(), onlyIfMissing: v.optional(v.boolean()) });

/**
 * A finished AI call's summary, outcome and sentiment, written from its stored transcript into
 * the call summary report, and the agent's own analysis of it onto the call. A job, so that a
 * restart or a slow model never loses it: it is retried until it lands, and running it twice
 * writes the same row twice.
 */
export const callWrapUpJob: JobDefinition<typeof WrapUpData> = {
  name: 'call-wrap-up',
  data: WrapUpData,
  retryLimit: 8,
  retryDelaySeconds: 5,
  // Longer than the model's own timeout, so a slow model falls back before the try expires.
  expireInSeconds: 120,
  async handle(app: FastifyInstance, { callId, transferred, onlyIfMissing }) {
    if (onlyIfMissing) {
      const [written] = await app.db.select({ summary: conversations.summary }).from(conversations).where(eq(conversations.callId, callId));
      if (written?.summary) return;
    }
    const [call] = await app.db.select({
      accountId: calls.accountId, aiAgentId: calls.aiAgentId, direction: calls.direction, fromNumber: calls.fromNumber, toNumber: calls.toNumber,
      startedAt: calls.startedAt, leadName: leads.fullName, timeZone: accounts.timeZone,
    }).from(calls)
      .innerJoin(accounts, eq(accounts.id, calls.accountId))
      .leftJoin(leads, and(eq(leads.id, calls.leadId), eq(leads.accountId, calls.accountId)))
      .where(eq(calls.id, callId));
    if (!call?.aiAgentId) return;
    const [agent] = await app.db.select({ textClientId: aiAgents.textClientId, analysisFields: aiAgents.analysisFields, successCriterion: aiAgents.successCriterion })
      .from(aiAgents).where(eq(aiAgents.id, call.aiAgentId));
    const lines = await app.db.select({ authorType: conversationMessages.authorType, content: conversationMessages.content })
      .from(conversationMessages)
      .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
      .where(eq(conversations.callId, callId))
      .orderBy(asc(conversationMessages.at), asc(conversationMessages.id));
    const transcript: Turn[] = lines.map((line) => ({ speaker: line.authorType === 'lead' ? 'caller' : 'agent', text: line.content }));
    // The last booking made on the call is the one that stands.
    const [booked] = await app.db.select({ dateTime: appointments.dateTime }).from(appointments)
      .where(and(eq(appointments.callId, callId), eq(appointments.accountId, call.accountId)))
      .orderBy(desc(appointments.createdAt)).limit(1);
    // The agent's model writes it; an agent deleted since the call is summed up by the local responder.
    const responder = agent ? await responderForAgent(app, agent) : createLocalResponder();
    const analysis = agent ? analysisRequestOf(agent, call, booked?.dateTime ?? null, responder.label) : undefined;
    const wrapUp = await wrapUpOf(responder, transcript, { appointmentBooked: booked !== undefined, transferred, ...(analysis ? { analysis } : {}) });
    await saveWrapUp(app.db, callId, wrapUp);
    await app.db.update(calls).set({ analysis: wrapUp.analysis ?? null }).where(eq(calls.id, callId));
    const events = accountEvents(app);
    // Once per call: a retried or repeated wrap-up raises the same event, which goes out once.
    await raiseAnalysisCompleted(app.db, events, callId);
    // A handed-off call goes on with a person: it is reported when that call ends.
    if (!transferred) await raiseCallCompleted(app.db, events, callId);
  },
};
