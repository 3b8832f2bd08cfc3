import { and, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import { LEAD_PHONE_TAKEN_TEXT, TIME_ZONE_UNKNOWN_TEXT, contract, type LeadRecord } from 'shared-contracts';
import { lockAccount } from '../../db/account-lock';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { leads } from '../../db/schema';
import { unknownToDatabase } from '../../db/time-zones';
import { badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';

const toLead = (row: typeof leads.$inferSelect): LeadRecord => ({
  id: row.id,
  fullName: row.fullName,
  phoneNumber: row.phoneNumber,
  email: row.email,
  timeZone: row.timeZone,
  createdAt: row.createdAt.toISOString(),
});

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A call is matched to its lead by number, so two leads of one account never share one. Runs in
 * the write's transaction under the account's lead lock (a CSV upload takes it too), so two
 * writes of the same number at once cannot both pass the check.
 */
async function refuseTakenNumber(tx: Tx, accountId: string, phoneNumber: string, exceptId?: string) {
  await lockAccount(tx, 'leadNumbers', accountId);
  const [taken] = await tx.select({ id: leads.id }).from(leads).where(and(
    eq(leads.accountId, accountId), eq(leads.phoneNumber, phoneNumber), exceptId === undefined ? undefined : ne(leads.id, exceptId),
  )).limit(1);
  if (taken) throw badRequest(LEAD_PHONE_TAKEN_TEXT);
}

/** Campaign calling hours turn the lead's zone into SQL: a zone the database does not know is refused. */
async function refuseUnknownZone(db: Db, timeZone: string | null | undefined) {
  if (timeZone != null && (await unknownToDatabase(db, [timeZone])).size > 0) throw badRequest(TIME_ZONE_UNKNOWN_TEXT);
}

export const getLeads = implement(contract.lead.getLeads, async ({ body, user, db }) => {
  const pattern = body.search === '' ? null : containsPattern(body.search);
  const where = and(
    eq(leads.accountId, user.accountId),
    pattern === null ? undefined : or(ilike(leads.fullName, pattern), ilike(leads.phoneNumber, pattern), ilike(leads.email, pattern)),
  );
  const [rows, [counted]] = await Promise.all([
    db.select().from(leads).where(where).orderBy(desc(leads.createdAt), desc(leads.id)).limit(body.limit).offset((body.page - 1) * body.limit),
    db.select({ total: count() }).from(leads).where(where),
  ]);
  return { data: rows.map(toLead), total: Number(counted?.total ?? 0) };
});

export const createLead = implement(contract.lead.createLead, async ({ body, user, db }) => {
  await refuseUnknownZone(db, body.timeZone);
  const row = await db.transaction(async (tx) => {
    await refuseTakenNumber(tx, user.accountId, body.phoneNumber);
    const [inserted] = await tx.insert(leads).values({
      accountId: user.accountId, fullName: body.fullName, phoneNumber: body.phoneNumber, email: body.email ?? null, timeZone: body.timeZone,
    }).returning();
    return inserted!;
  });
  return toLead(row);
});

export const updateLead = implement(contract.lead.updateLead, async ({ params, body, user, db, app }) => {
  await refuseUnknownZone(db, body.timeZone);
  const row = await db.transaction(async (tx) => {
    if (body.phoneNumber !== undefined) await refuseTakenNumber(tx, user.accountId, body.phoneNumber, params.id);
    const [updated] = await tx.update(leads).set(body).where(and(eq(leads.id, params.id), eq(leads.accountId, user.accountId))).returning();
    return updated;
  });
  if (!row) throw notFound();
  // The call logs show the lead's name and number.
  app.callLogsCache.changed(user.accountId);
  return toLead(row);
});
