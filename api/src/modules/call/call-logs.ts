import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CallLog } from 'shared-contracts';
import type { Db } from '../../db/client';
import { aiAgents, calls, conversations, leads, users } from '../../db/schema';
import { containsPattern } from '../../db/like';
import { fullName } from '../users/session-user';

export interface CallLogFilter {
  page: number;
  limit: number;
  search: string;
  direction?: 'inbound' | 'outbound' | undefined;
}

const agentUser = alias(users, 'agent_user');

/** One page of call logs, newest first, within `scope` (an account's calls, or one agent's). */
export async function listCallLogs(db: Db, scope: SQL, filter: CallLogFilter): Promise<{ data: CallLog[]; total: number }> {
  const conditions: Array<SQL | undefined> = [scope];
  if (filter.direction !== undefined) conditions.push(eq(calls.direction, filter.direction));
  if (filter.search !== '') {
    const pattern = containsPattern(filter.search);
    conditions.push(or(ilike(calls.fromNumber, pattern), ilike(calls.toNumber, pattern), ilike(leads.fullName, pattern)));
  }
  const where = and(...conditions);

  const [rows, [counted]] = await Promise.all([
    db.select({
      call: calls,
      aiAgent: { id: aiAgents.id, name: aiAgents.name },
      agent: { id: agentUser.id, firstName: agentUser.firstName, lastName: agentUser.lastName },
      lead: { id: leads.id, fullName: leads.fullName, phoneNumber: leads.phoneNumber },
      conversation: { id: conversations.id, recordingUrl: conversations.recordingUrl },
    })
      .from(calls)
      .leftJoin(aiAgents, eq(aiAgents.id, calls.aiAgentId))
      .leftJoin(agentUser, eq(agentUser.id, calls.agentUserId))
      .leftJoin(leads, eq(leads.id, calls.leadId))
      .leftJoin(conversations, eq(conversations.callId, calls.id))
      .where(where)
      .orderBy(desc(calls.startedAt), desc(calls.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    // The lead join stays because the search may match the lead's name.
    db.select({ total: sql<number>`count(*)::int`.mapWith(Number) })
      .from(calls)
      .leftJoin(leads, eq(leads.id, calls.leadId))
      .where(where),
  ]);

  const data = rows.map(({ call, aiAgent, agent, lead, conversation }): CallLog => ({
    id: call.id,
    direction: call.direction,
    status: call.status,
    fromNumber: call.fromNumber,
    toNumber: call.toNumber,
    startedAt: call.startedAt.toISOString(),
    durationSeconds: call.durationSeconds,
    aiAgent,
    agent: agent ? { id: agent.id, fullName: fullName(agent) } : null,
    lead,
    conversation,
  }));
  return { data, total: counted?.total ?? 0 };
}
