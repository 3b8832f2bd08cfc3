import { and, eq, sql } from 'drizzle-orm';
import { CAMPAIGN_MAX_ATTEMPTS, type CampaignLeadState } from 'shared-contracts';
import type { Db } from '../../db/client';
import { campaignLeads, type CallRow } from '../../db/schema';

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
export async function campaignCallEnded(db: Db, call: { id: string; status: CallRow['status'] }, retryDelaySeconds: number): Promise<void> {
  const outcome = outcomeOf(call.status);
  if (outcome === null) return;
  const retried = outcome === 'busy' || outcome === 'no-answer';
  await db.update(campaignLeads).set({
    state: outcome,
    nextAttemptAt: retried
      ? sql`case when ${campaignLeads.attempts} < ${CAMPAIGN_MAX_ATTEMPTS} then now() + make_interval(secs => ${retryDelaySeconds}) end`
      : null,
  }).where(and(eq(campaignLeads.callId, call.id), eq(campaignLeads.state, 'calling')));
}
