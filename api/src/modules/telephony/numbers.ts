import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agentStatuses, leads, users } from '../../db/schema';

export interface AgentLine {
  userId: string;
  accountId: string;
  email: string;
  agentNumber: string;
}

/** Whose browser phone a device is: a human agent's, or a USER's (who supervises calls with it). */
export type DeviceOwner = Pick<AgentLine, 'userId' | 'accountId' | 'email'>;

/** The owner a voice identity names: an agent with a line, or an account's USER; null for anyone else. */
export async function deviceOwnerByIdentity(db: Db, identity: string): Promise<DeviceOwner | null> {
  const agent = await agentByIdentity(db, identity);
  if (agent !== null) return agent;
  const [user] = await db.select({ userId: users.id, accountId: users.accountId, email: users.email })
    .from(users).where(and(eq(users.email, identity.toLowerCase()), eq(users.role, 'USER')));
  return user ?? null;
}

/** The human agent whose number this is, or null: calls and texts to other numbers are not ours. */
export async function agentByNumber(db: Db, number: string): Promise<AgentLine | null> {
  const [row] = await db.select({ userId: users.id, accountId: users.accountId, email: users.email, agentNumber: users.agentNumber })
    .from(users).where(and(eq(users.agentNumber, number), eq(users.role, 'AGENT')));
  return row && row.agentNumber !== null ? { ...row, agentNumber: row.agentNumber } : null;
}

/** The agent a voice identity (the email in the access token) names. */
export async function agentByIdentity(db: Db, identity: string): Promise<AgentLine | null> {
  const [row] = await db.select({ userId: users.id, accountId: users.accountId, email: users.email, agentNumber: users.agentNumber })
    .from(users).where(and(eq(users.email, identity.toLowerCase()), eq(users.role, 'AGENT')));
  return row && row.agentNumber !== null ? { ...row, agentNumber: row.agentNumber } : null;
}

/** The account's agents who are available right now: the ones an inbound call rings. */
export async function availableAgents(db: Db, accountId: string): Promise<AgentLine[]> {
  const rows = await db.select({ userId: users.id, accountId: users.accountId, email: users.email, agentNumber: users.agentNumber })
    .from(users).innerJoin(agentStatuses, eq(agentStatuses.agentId, users.id))
    .where(and(eq(users.accountId, accountId), eq(users.role, 'AGENT'), eq(agentStatuses.status, 'available')));
  return rows.flatMap((row) => (row.agentNumber === null ? [] : [{ ...row, agentNumber: row.agentNumber }]));
}

/** The account's lead with this number, if any, so a call or text shows a name. */
export async function leadByNumber(db: Db, accountId: string, number: string): Promise<{ id: string; fullName: string } | null> {
  const [row] = await db.select({ id: leads.id, fullName: leads.fullName }).from(leads)
    .where(and(eq(leads.accountId, accountId), eq(leads.phoneNumber, number))).limit(1);
  return row ?? null;
}
