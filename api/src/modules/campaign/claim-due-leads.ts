import { and, eq, sql } from 'drizzle-orm';
import { CAMPAIGN_CALLING_HOURS, planIncludes } from 'shared-contracts';
import type { CampaignPacing } from '../../config';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { accounts, aiAgents, campaignLeads } from '../../db/schema';

export interface DialingAgent {
  id: string;
  accountId: string;
  phoneNumber: string;
}

export type Claim =
  | { active: false; pausedForPlan?: true }
  | { active: true; agent: DialingAgent; leads: Array<{ leadId: string; phoneNumber: string }> };

/**
 * Takes the agent's leads that are due now, as many as the account's pacing allows, and marks
 * them `calling`, in one short transaction:
 * - the agent's row is locked and its campaign flag read under the lock, so a campaign turned off
 *   claims nothing more;
 * - the account's row is locked, so two instances (or two agents' campaigns) count the account's
 *   calls in progress and in the last minute one after the other and never pass the caps together;
 * - the lead rows are taken FOR UPDATE SKIP LOCKED and leave the due set as they are claimed, so
 *   no lead is claimed twice.
 * Leads outside calling hours in their own time zone (else the account's) stay where they are.
 * The account's plan is read under the same lock: a campaign whose plan no longer includes bulk
 * outbound calls is paused, with its reason stored, and claims nothing (resume-on-upgrade.ts).
 */
export async function claimDueLeads(db: Db, agentId: string, pacing: CampaignPacing): Promise<Claim> {
  return db.transaction(async (tx) => {
    const [agent] = await tx.select({
      id: aiAgents.id, accountId: aiAgents.accountId, active: aiAgents.campaignActive,
      phoneNumber: aiAgents.phoneNumber, handleCallType: aiAgents.handleCallType,
    }).from(aiAgents).where(eq(aiAgents.id, agentId)).for('no key update');
    if (!agent?.active || agent.phoneNumber === null || agent.handleCallType === 'inbound') return { active: false } as const;
    const dialing = { id: agent.id, accountId: agent.accountId, phoneNumber: agent.phoneNumber };

    const [account] = await tx.select({ timeZone: accounts.timeZone, plan: accounts.plan }).from(accounts).where(eq(accounts.id, agent.accountId)).for('no key update');
    if (!planIncludes(account?.plan ?? 'free', 'bulkOutboundCall')) {
      await tx.update(aiAgents).set({ campaignActive: false, campaignPausedReason: 'plan', updatedAt: new Date() }).where(eq(aiAgents.id, agentId));
      return { active: false, pausedForPlan: true } as const;
    }
    const [load] = await tx.select({
      inProgress: sql<number>`count(*) filter (where ${campaignLeads.state} = 'calling')`.mapWith(Number),
      lastMinute: sql<number>`count(*) filter (where ${campaignLeads.lastAttemptAt} > now() - interval '1 minute')`.mapWith(Number),
    }).from(campaignLeads).where(eq(campaignLeads.accountId, agent.accountId));
    const room = Math.min(pacing.maxConcurrentCalls - (load?.inProgress ?? 0), pacing.callsPerMinute - (load?.lastMinute ?? 0));
    if (room <= 0) return { active: true, agent: dialing, leads: [] } as const;

    const hours = pacing.anyHour
      ? sql`true`
      : sql`extract(hour from now() at time zone coalesce(l.time_zone, ${account?.timeZone ?? 'UTC'})) >= ${CAMPAIGN_CALLING_HOURS.startHour}
          and extract(hour from now() at time zone coalesce(l.time_zone, ${account?.timeZone ?? 'UTC'})) < ${CAMPAIGN_CALLING_HOURS.endHour}`;
    const due = await queryRows<{ lead_id: string; phone_number: string }>(tx as unknown as Db, sql`
      select cl.lead_id, l.phone_number
      from ${campaignLeads} cl join leads l on l.id = cl.lead_id
      where cl.ai_agent_id = ${agentId} and cl.next_attempt_at <= now() and cl.state <> 'calling' and ${hours}
      order by cl.next_attempt_at, cl.added_at, l.full_name, cl.lead_id
      limit ${room}
      for update of cl skip locked`);
    for (const row of due) {
      await tx.update(campaignLeads).set({
        state: 'calling', attempts: sql`${campaignLeads.attempts} + 1`, lastAttemptAt: sql`now()`, nextAttemptAt: null, callId: null,
      }).where(and(eq(campaignLeads.aiAgentId, agentId), eq(campaignLeads.leadId, row.lead_id)));
    }
    return { active: true, agent: dialing, leads: due.map((row) => ({ leadId: row.lead_id, phoneNumber: row.phone_number })) } as const;
  });
}
