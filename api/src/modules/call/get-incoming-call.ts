import { and, asc, desc, eq, ne, or } from 'drizzle-orm';
import { contract, INCOMING_CALL_HISTORY } from 'shared-contracts';
import { aiAgents, calls, conversationMessages, conversations, leads, users } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { fullName } from '../users';

/**
 * Who is calling a human agent: the caller's number and name, for a caller an AI agent handed
 * over which agent, why and what was said so far, and the caller's earlier calls with the account
 * with their summaries; a colleague handing the caller over, by name. (The contract checks the
 * CallSid is the account's.)
 */
export const getIncomingCall = implement(contract.call.getIncomingCall, async ({ params, db, user }) => {
  const [call] = await db.select({
    id: calls.id, accountId: calls.accountId, direction: calls.direction, fromNumber: calls.fromNumber, toNumber: calls.toNumber,
    leadName: leads.fullName, aiAgentName: aiAgents.name, conversationId: conversations.id, reason: conversations.handoffReason,
    agentUserId: calls.agentUserId, consultAgentUserId: calls.consultAgentUserId,
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
  const caller = call.direction === 'inbound' ? call.fromNumber : call.toNumber;
  const earlier = await db.select({
    id: calls.id, startedAt: calls.startedAt, aiAgentName: aiAgents.name, summary: conversations.summary, outcome: conversations.outcome,
  }).from(calls)
    .leftJoin(aiAgents, eq(aiAgents.id, calls.aiAgentId))
    .leftJoin(conversations, eq(conversations.callId, calls.id))
    .where(and(
      eq(calls.accountId, call.accountId), ne(calls.id, call.id),
      or(and(eq(calls.direction, 'inbound'), eq(calls.fromNumber, caller)), and(eq(calls.direction, 'outbound'), eq(calls.toNumber, caller))),
    ))
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(INCOMING_CALL_HISTORY);
  // A colleague rings this agent to hand the caller over: who.
  const [offering] = call.consultAgentUserId === user.id && call.agentUserId !== null
    ? await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, call.agentUserId))
    : [];
  return {
    callSid: params.callSid,
    offeredBy: offering ? fullName(offering) : null,
    callId: call.id,
    from: caller,
    callerName: call.leadName,
    aiAgentName: call.aiAgentName,
    reason: call.reason,
    transcript: transcript.map((line) => ({ authorType: line.authorType, content: line.content, createdAt: line.at.toISOString() })),
    previousCalls: earlier.map((row) => ({ ...row, startedAt: row.startedAt.toISOString() })),
  };
});
