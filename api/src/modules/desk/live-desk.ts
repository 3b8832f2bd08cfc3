import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contract, type LiveDesk } from 'shared-contracts';
import type { Db } from '../../db/client';
import { aiAgents, calls, conversationMessages, conversations, leads, queueEntries, users } from '../../db/schema';
import { implement } from '../../http/implement';
import { teamOf } from '../agent';

/** The number on the other end of a call: the caller's, or the one the agent dialled. */
const otherParty = (call: { direction: 'inbound' | 'outbound'; fromNumber: string; toNumber: string }) =>
  call.direction === 'inbound' ? call.fromNumber : call.toNumber;

const callColumns = {
  id: calls.id, direction: calls.direction, fromNumber: calls.fromNumber, toNumber: calls.toNumber, startedAt: calls.startedAt,
  personAnsweredAt: calls.personAnsweredAt, heldSince: calls.heldSince, consultWith: calls.consultAgentUserId, agentUserId: calls.agentUserId, callSid: calls.callSid, callerName: leads.fullName,
};

const supervisors = alias(users, 'supervisors');

/** The account's desk as it stands, for the USER's live board (the board follows it over the realtime socket). */
export async function liveDesk(db: Db, accountId: string): Promise<LiveDesk> {
  const inProgress = and(eq(calls.accountId, accountId), eq(calls.status, 'in-progress'));
  const [team, personCalls, waiting, aiCalls] = await Promise.all([
    teamOf(db, accountId),
    db.select({
      ...callColumns, supervisorId: calls.supervisorUserId, superviseMode: calls.superviseMode,
      supervisorFirstName: supervisors.firstName, supervisorLastName: supervisors.lastName,
    }).from(calls)
      .leftJoin(leads, and(eq(leads.id, calls.leadId), eq(leads.accountId, calls.accountId)))
      .leftJoin(supervisors, eq(supervisors.id, calls.supervisorUserId))
      .where(and(inProgress, isNotNull(calls.agentUserId))),
    db.select({ entry: queueEntries, aiAgentName: aiAgents.name, reason: conversations.handoffReason }).from(queueEntries)
      .leftJoin(calls, eq(calls.callSid, queueEntries.callSid))
      .leftJoin(aiAgents, eq(aiAgents.id, calls.aiAgentId))
      .leftJoin(conversations, eq(conversations.callId, calls.id))
      .where(eq(queueEntries.accountId, accountId))
      .orderBy(asc(queueEntries.enqueuedAt), asc(queueEntries.id)),
    db.select({ ...callColumns, aiAgentName: aiAgents.name }).from(calls)
      .innerJoin(aiAgents, eq(aiAgents.id, calls.aiAgentId))
      .leftJoin(leads, and(eq(leads.id, calls.leadId), eq(leads.accountId, calls.accountId)))
      // A caller the AI agent handed over is in the queue instead.
      .where(and(inProgress, isNull(calls.agentUserId), isNull(calls.queuedAt), eq(calls.isTest, false)))
      .orderBy(asc(calls.startedAt)),
  ]);
  // The last line of each AI call in progress: one query for them all.
  const lastLines = new Map<string, { authorType: 'ai' | 'lead' | 'agent' | 'system'; content: string }>();
  if (aiCalls.length > 0) {
    const lines = await db.selectDistinctOn([conversations.callId], { callId: conversations.callId, authorType: conversationMessages.authorType, content: conversationMessages.content })
      .from(conversationMessages)
      .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
      .where(inArray(conversations.callId, aiCalls.map((c) => c.id)))
      .orderBy(conversations.callId, desc(conversationMessages.at), desc(conversationMessages.id));
    for (const line of lines) lastLines.set(line.callId, { authorType: line.authorType, content: line.content });
  }
  const byAgent = new Map(personCalls.map((call) => [call.agentUserId!, call]));
  return {
    agents: team.map((member) => {
      const call = byAgent.get(member.agentId);
      return {
        ...member,
        currentCall: call ? {
          callId: call.id, direction: call.direction, phoneNumber: otherParty(call), callerName: call.callerName,
          since: (call.personAnsweredAt ?? call.startedAt).toISOString(),
          heldSince: call.heldSince?.toISOString() ?? null,
          consultWith: call.consultWith,
          callSid: call.callSid,
          supervision: call.supervisorId !== null && call.superviseMode !== null ? {
            supervisorId: call.supervisorId, supervisorName: `${call.supervisorFirstName ?? ''} ${call.supervisorLastName ?? ''}`.trim(), mode: call.superviseMode,
          } : null,
        } : null,
      };
    }),
    queue: waiting.map(({ entry, aiAgentName, reason }) => ({
      id: entry.id, phoneNumber: entry.phoneNumber, callerName: entry.callerName, enqueuedAt: entry.enqueuedAt.toISOString(),
      handedOverBy: aiAgentName, reason: aiAgentName === null ? null : reason,
    })),
    aiCalls: aiCalls.map((call) => ({
      callId: call.id, aiAgentName: call.aiAgentName, direction: call.direction, phoneNumber: otherParty(call), callerName: call.callerName,
      startedAt: call.startedAt.toISOString(), lastLine: lastLines.get(call.id) ?? null,
    })),
  };
}

export const getLiveDesk = implement(contract.desk.getLiveDesk, async ({ user, db }) => liveDesk(db, user.accountId));
