import { and, asc, eq } from 'drizzle-orm';
import { contract, type TeamMember } from 'shared-contracts';
import type { Db } from '../../db/client';
import { agentStatuses, users } from '../../db/schema';
import { implement } from '../../http/implement';
import { fullName } from '../users';

/** The account's human agents with their presence; one who never came online is offline. */
export async function teamOf(db: Db, accountId: string): Promise<TeamMember[]> {
  const rows = await db.select({ user: users, status: agentStatuses.status, busyFrom: agentStatuses.busyFrom, awayReason: agentStatuses.awayReason, since: agentStatuses.statusSince })
    .from(users)
    .leftJoin(agentStatuses, eq(agentStatuses.agentId, users.id))
    .where(and(eq(users.accountId, accountId), eq(users.role, 'AGENT')))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map(({ user, status, busyFrom, awayReason, since }) => ({
    agentId: user.id,
    status: status ?? 'offline',
    busyFrom: busyFrom ? busyFrom.toISOString() : null,
    awayReason: status === 'away' ? awayReason : null,
    since: since ? since.toISOString() : null,
    fullName: fullName(user),
    agentNumber: user.agentNumber,
  }));
}

export const getTeam = implement(contract.agent.getTeam, async ({ user, db }) => teamOf(db, user.accountId));
