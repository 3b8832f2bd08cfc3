import { and, eq, sql } from 'drizzle-orm';
import { CAMPAIGN_MAX_ATTEMPTS, type CampaignLeadState } from 'shared-contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { campaignLeads, type CallRow } from '../../db/schema';
import { campaignChanged } from './campaign-events';

/** How a campaign call ended, from the call log's final status; null while it is not over. */
export function outcomeOf(status: CallRow['status']): Exclude<CampaignLeadState, 'queued' | 'calling'> | null {
  switch (status) {
    case 'completed': return 'answered';
    case 'busy': return 'busy';
    case 'missed': return 'no-answer';
    case 'failed': return 'failed';
    default: return null;
  }
}

/**
 * A campaign call is over: its lead is answered, failed, or (busy, no answer) due again after the
 * retry delay while it has attempts left. Only the lead's current call moves it, once.
 */
export async function campaignCallEnded(db: Db, call: { id: string; status: CallRow['status'] }, retryDelaySeconds: number): Promise<string | null> {
  const outcome = outcomeOf(call.status);
  if (outcome === null) return null;
  const retried = outcome === 'busy' || outcome === 'no-answer';
  const moved = await db.update(campaignLeads).set({
    state: outcome,
    nextAttemptAt: retried
      ? sql`case when ${campaignLeads.attempts} < ${CAMPAIGN_MAX_ATTEMPTS} then now() + make_interval(secs => ${retryDelaySeconds}) end`
      : null,
  }).where(and(eq(campaignLeads.callId, call.id), eq(campaignLeads.state, 'calling'))).returning({ agentId: campaignLeads.aiAgentId });
  return moved[0]?.agentId ?? null;
}

/** A call ended: a campaign lead it was for moves on, and the account's dashboards hear of it. */
export async function foldCampaignCall(app: FastifyInstance, call: { id: string; status: CallRow['status'] }): Promise<void> {
  const agentId = await campaignCallEnded(app.db, call, app.config.campaignPacing.retryDelaySeconds);
  if (agentId !== null) await campaignChanged(app, agentId);
}
