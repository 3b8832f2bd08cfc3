import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { containsPattern } from '../../db/like';
import { leads } from '../../db/schema';
import { implement } from '../../http/implement';

export const getLeads = implement(contract.lead.getLeads, async ({ body, user, db }) => {
  const digits = body.search.replace(/\D/g, '');
  const where = and(
    eq(leads.accountId, user.accountId),
    body.search === '' ? undefined : or(
      ilike(leads.fullName, containsPattern(body.search)),
      digits.length >= 3 ? ilike(leads.phoneNumber, containsPattern(digits)) : undefined,
    ),
  );
  const rows = await db.select({ id: leads.id, fullName: leads.fullName, phoneNumber: leads.phoneNumber, email: leads.email, timeZone: leads.timeZone })
    .from(leads).where(where).orderBy(asc(leads.fullName), asc(leads.id))
    .limit(body.limit).offset((body.page - 1) * body.limit);
  const [total] = await db.select({ n: count() }).from(leads).where(where);
  return { data: rows, total: total?.n ?? 0 };
});
