import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { CAMPAIGN_MAX_ATTEMPTS, Id } from 'shared-contracts';
import { aiAgents, calls, campaignLeads } from '../../db/schema';
import type { JobDefinition } from '../jobs';
import { placeAiCall } from '../telephony';
import { campaignCallEnded } from './call-outcome';
import { campaignChanged } from './campaign-events';
import { claimDueLeads, type DialingAgent } from './claim-due-leads';

/** A claimed lead whose call was never logged (the instance died in between) is due again after this. */
const UNPLACED_AFTER_SECONDS = 120;
/** A campaign call with no final status after this long (a lost callback) stops holding a slot. */
const LOST_CALL_AFTER_MINUTES = 120;

const DialData = v.object({ agentId: Id });

/**
 * One look at an agent's campaign: calls that ended are folded in, due leads are claimed within
 * the account's caps and called, and the next look is queued while the campaign is on and has
 * leads left. One waiting look per agent (the queue's `short` policy); the claim's locks keep two
 * looks running at once on two instances from calling a lead twice or passing the caps.
 */
export const campaignDialJob: JobDefinition<typeof DialData> = {
  name: 'campaign-dial',
  data: DialData,
  policy: 'short',
  // Backoff from 5 s: a look keeps trying through a few minutes of database trouble.
  retryLimit: 6,
  retryDelaySeconds: 5,
  expireInSeconds: 60,
  async handle(app, { agentId }) {
    const settled = await settleFinishedCalls(app, agentId);
    const claim = await claimDueLeads(app.db, agentId, app.config.campaignPacing);
    if (settled || (!claim.active && claim.pausedForPlan) || (claim.active && claim.leads.length > 0)) await campaignChanged(app, agentId);
    if (!claim.active) return;
    for (const lead of claim.leads) await dialLead(app, claim.agent, lead);
    if (await hasWorkLeft(app, agentId)) {
      await app.jobs.send(campaignDialJob, { agentId }, { singletonKey: agentId, startAfter: app.config.campaignPacing.tickSeconds });
    }
  },
};

/** Starts (or wakes) an agent's dialing at once; a look already waiting makes this a no-op. */
export async function wakeCampaign(app: FastifyInstance, agentId: string): Promise<void> {
  await app.jobs.send(campaignDialJob, { agentId }, { singletonKey: agentId });
}

async function dialLead(app: FastifyInstance, agent: DialingAgent, lead: { leadId: string; phoneNumber: string }): Promise<void> {
  const row = and(eq(campaignLeads.aiAgentId, agent.id), eq(campaignLeads.leadId, lead.leadId));
  // Turned off since the claim: the lead goes back, its attempt not spent.
  const [current] = await app.db.select({ active: aiAgents.campaignActive }).from(aiAgents).where(eq(aiAgents.id, agent.id));
  if (!current?.active) {
    await app.db.update(campaignLeads).set({ state: 'queued', attempts: sql`${campaignLeads.attempts} - 1`, nextAttemptAt: sql`now()` }).where(row);
    return;
  }
  const call = await placeAiCall(
    app,
    { accountId: agent.accountId, aiAgentId: agent.id, from: agent.phoneNumber, to: lead.phoneNumber },
    async (callId) => { await app.db.update(campaignLeads).set({ callId }).where(row); },
  );
  if (call.placed) return;
  // The provider refused the call (an outage, a rejected number): tried again later while attempts remain.
  await app.db.update(campaignLeads).set({
    state: 'failed',
    nextAttemptAt: sql`case when ${campaignLeads.attempts} < ${CAMPAIGN_MAX_ATTEMPTS} then now() + make_interval(secs => ${app.config.campaignPacing.retryDelaySeconds}) end`,
  }).where(and(row, eq(campaignLeads.state, 'calling')));
}

/**
 * Calls whose end was reported while no instance could fold it in (or whose report was lost) are
 * settled from the call log; a claim that never became a call is due again.
 */
async function settleFinishedCalls(app: FastifyInstance, agentId: string): Promise<boolean> {
  const calling = and(eq(campaignLeads.aiAgentId, agentId), eq(campaignLeads.state, 'calling'));
  const ended = await app.db.select({ id: calls.id, status: calls.status, startedAt: calls.startedAt })
    .from(campaignLeads).innerJoin(calls, eq(calls.id, campaignLeads.callId))
    .where(and(calling, or(
      inArray(calls.status, ['completed', 'busy', 'missed', 'failed']),
      lt(calls.startedAt, sql`now() - make_interval(mins => ${LOST_CALL_AFTER_MINUTES})`),
    )));
  for (const call of ended) {
    const status = ['completed', 'busy', 'missed', 'failed'].includes(call.status) ? call.status : 'failed';
    await campaignCallEnded(app.db, { id: call.id, status }, app.config.campaignPacing.retryDelaySeconds);
  }
  const requeued = await app.db.update(campaignLeads).set({ state: 'queued', nextAttemptAt: sql`now()` })
    .where(and(calling, isNull(campaignLeads.callId), lt(campaignLeads.lastAttemptAt, sql`now() - make_interval(secs => ${UNPLACED_AFTER_SECONDS})`)))
    .returning({ leadId: campaignLeads.leadId });
  return ended.length > 0 || requeued.length > 0;
}

async function hasWorkLeft(app: FastifyInstance, agentId: string): Promise<boolean> {
  const [left] = await app.db.select({ leadId: campaignLeads.leadId }).from(campaignLeads)
    .where(and(eq(campaignLeads.aiAgentId, agentId), or(isNotNull(campaignLeads.nextAttemptAt), eq(campaignLeads.state, 'calling')))).limit(1);
  return left !== undefined;
}
