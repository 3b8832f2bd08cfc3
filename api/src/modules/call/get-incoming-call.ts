import { asc, eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiAgents, calls, conversationMessages, conversations, leads } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';

/**
 * Who is calling a human agent: the caller's number and name, and for a caller an AI agent
 * handed over, which agent, why, and what was said so far. (The contract checks the CallSid is
 * the account's.)
 */
export const getIncomingCall = implement(contract.call.getIncomingCall, async ({ params, db }) => {
  const [call] = await db.select({
    id: calls.id, direction: calls.direction, fromNumber: calls.fromNumber, toNumber: calls.toNumber,
    leadName: leads.fullName, aiAgentName: aiAgents.name, conversationId: conversations.id, reason: conversations.handoffReason,
  }).from(calls)
    .leftJoin(leads, eq(leads.id, calls.leadId))
    .leftJoin(aiAgents, eq(aiAgents.id, calls.aiAgentId))
    .leftJoin(conversations, eq(conversations.callId, calls.id))
    .where(eq(calls.callSid, params.callSid));
  if (!call) throw notFound();
  const transcript = call.conversationId === null ? [] : await db
    .select({ authorType: conversationMessages.authorType, content: conversationMessages.content, at: conversationMessages.at })
    .from(conversationMessages).where(eq(conversationMessages.conversationId, call.conversationId))
    .orderBy(asc(conversationMessages.at), asc(conversationMessages.id));
  return {
    callSid: params.callSid,
    callId: call.id,
    from: call.direction === 'inbound' ? call.fromNumber : call.toNumber,
    callerName: call.leadName,
    aiAgentName: call.aiAgentName,
    reason: call.reason,
    transcript: transcript.map((line) => ({ authorType: line.authorType, content: line.content, createdAt: line.at.toISOString() })),
  };
});
