import { asc, count, eq, sql } from 'drizzle-orm';
import { contract, nextCallingTime, withinCallingHours } from 'shared-contracts';
import { accounts, aiAgents, campaignLeads, leads } from '../../db/schema';
import { implement } from '../../http/implement';

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

/**
 * When a lead is called next as the dialer will do it: its due time moved into the lead's calling
 * hours (a retry due at 8:21 PM is called at 9:00 AM). A lead already due waits for its window
 * to open when it is outside it now.
 */
function nextCallAt(due: Date | null, timeZone: string, anyHour: boolean, now = new Date()): Date | null {
  if (due === null || anyHour) return due;
  if (due > now) return nextCallingTime(due, timeZone);
  return withinCallingHours(now, timeZone) ? due : nextCallingTime(now, timeZone);
}

export const getCampaignLeads = implement(contract.campaign.getCampaignLeads, async ({ params, query, db, app }) => {
  const [agent] = await db.select({ timeZone: accounts.timeZone }).from(aiAgents)
    .innerJoin(accounts, eq(accounts.id, aiAgents.accountId)).where(eq(aiAgents.id, params.agentId));
  const rows = await db.select({
    leadId: campaignLeads.leadId, fullName: leads.fullName, phoneNumber: leads.phoneNumber, timeZone: leads.timeZone,
    state: campaignLeads.state, attempts: campaignLeads.attempts, lastAttemptAt: campaignLeads.lastAttemptAt,
    nextAttemptAt: campaignLeads.nextAttemptAt, addedAt: campaignLeads.addedAt,
  }).from(campaignLeads).innerJoin(leads, eq(leads.id, campaignLeads.leadId))
    .where(eq(campaignLeads.aiAgentId, params.agentId))
    // Still to call first, in the order they will be called; the finished after.
    .orderBy(sql`${campaignLeads.nextAttemptAt} asc nulls last`, asc(campaignLeads.addedAt), asc(leads.fullName), asc(campaignLeads.leadId))
    .limit(query.limit).offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(campaignLeads).where(eq(campaignLeads.aiAgentId, params.agentId));
  return {
    data: rows.map((row) => {
      const timeZone = row.timeZone ?? agent?.timeZone ?? 'UTC';
      return {
        ...row,
        timeZone,
        lastAttemptAt: iso(row.lastAttemptAt),
        nextAttemptAt: iso(nextCallAt(row.nextAttemptAt, timeZone, app.config.campaignPacing.anyHour)),
        addedAt: row.addedAt.toISOString(),
      };
    }),
    total: total?.n ?? 0,
  };
});
