import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { claimNumbers } from '../telephony';
import { reindexKnowledge } from '../voice-agent';
import { assertAgentLinks } from './agent-links';
import { assertAgentFeatures } from '../entitlements';
import { recordSavedVersion } from './agent-versions';
import { toAiAgent } from './to-ai-agent';
import { customToolSettings } from './custom-tool-settings';

export const updateAgent = implement(contract.agent.updateAgent, async ({ params, body, user, db, app }) => {
  await assertAgentLinks(app, db, user.accountId, params.agentId, body);
  await assertAgentFeatures(db, user.accountId, body, params.agentId);
  const row = await db.transaction(async (tx) => {
    // The old text decides whether the passages need rebuilding: a form saves every field each time.
    // And the settings before decide which ones this save changed, for the agent's version history.
    const [before] = await tx.select().from(aiAgents).where(eq(aiAgents.id, params.agentId)).for('update');
    if (!before) throw notFound();
    await claimNumbers(tx, before.accountId, [body.phoneNumber]);
    // An agent that now takes only inbound calls has no campaign to run.
    const campaign = body.handleCallType === 'inbound' ? { campaignActive: false } : {};
    const tools = await customToolSettings(app, tx, params.agentId, body.customTools);
    const [updated] = await tx.update(aiAgents).set({ ...body, ...campaign, ...tools, updatedAt: new Date() }).where(eq(aiAgents.id, params.agentId)).returning();
    if (updated!.knowledge !== before.knowledge) {
      await reindexKnowledge(tx, { accountId: updated!.accountId, aiAgentId: updated!.id, text: updated!.knowledge });
    }
    return recordSavedVersion(tx, before, updated!, user.id);
  });
  // The call logs show the agent's name.
  app.callLogsCache.changed(row.accountId);
  return toAiAgent(row);
});
