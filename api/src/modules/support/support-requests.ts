import { and, desc, eq, sql } from 'drizzle-orm';
import { contract, type SupportRequest } from 'shared-contracts';
import { supportRequests } from '../../db/schema';
import { implement } from '../../http/implement';

const toRequest = (row: typeof supportRequests.$inferSelect): SupportRequest => ({
  id: row.id,
  reference: `SR-${row.number}`,
  subject: row.subject,
  category: row.category,
  priority: row.priority,
  status: row.status,
  message: row.message,
  callId: row.callId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const createRequest = implement(contract.support.createRequest, async ({ body, user, db }) => {
  const [row] = await db.insert(supportRequests).values({
    accountId: user.accountId, userId: user.id, subject: body.subject, category: body.category, priority: body.priority,
    message: body.message, callId: body.callId ?? null,
  }).returning();
  return toRequest(row!);
});

export const getRequests = implement(contract.support.getRequests, async ({ body, user, db }) => {
  const where = and(eq(supportRequests.accountId, user.accountId), body.status === undefined ? undefined : eq(supportRequests.status, body.status));
  const [rows, [counted]] = await Promise.all([
    db.select().from(supportRequests).where(where)
      .orderBy(desc(supportRequests.createdAt), desc(supportRequests.number))
      .limit(body.limit).offset((body.page - 1) * body.limit),
    db.select({ total: sql<number>`count(*)::int`.mapWith(Number) }).from(supportRequests).where(where),
  ]);
  return { data: rows.map(toRequest), total: counted?.total ?? 0 };
});
