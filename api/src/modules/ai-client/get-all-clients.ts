import { asc, ilike, or, sql } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { containsPattern } from '../../db/like';
import { aiClients } from '../../db/schema';
import { implement } from '../../http/implement';
import { toListItem } from './ai-client-view';

/**
 * The admin list, oldest first: a client added later lands on the last page and the pages an
 * administrator is reading do not shift under them. The name filter matches the provider's
 * name or the model.
 */
export const getAllClients = implement(contract.aiClient.getAllClients, async ({ body, db }) => {
  const pattern = containsPattern(body.name);
  const where = body.name === '' ? undefined : or(ilike(sql`${aiClients.provider}::text`, pattern), ilike(aiClients.model, pattern));
  const [rows, [counted]] = await Promise.all([
    db.select().from(aiClients).where(where)
      .orderBy(asc(aiClients.createdAt), asc(aiClients.id))
      .limit(body.limit)
      .offset((body.page - 1) * body.limit),
    db.select({ total: sql<number>`count(*)::int`.mapWith(Number) }).from(aiClients).where(where),
  ]);
  return { data: rows.map(toListItem), total: counted?.total ?? 0 };
});
