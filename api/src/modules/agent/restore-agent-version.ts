import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { AGENT_SETTING_NAMES, UpdateAgentBody, VERSION_ALREADY_CURRENT_TEXT, contract } from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { claimNumbers } from '../telephony';
import { reindexKnowledge } from '../voice-agent';
import { assertAgentFeatures } from '../entitlements';
import { assertAgentLinks } from './agent-links';
import { customToolSettings } from './custom-tool-settings';
import { changedSettings, findVersion, recordSavedVersion, settingsOf } from './agent-versions';
import { toAiAgent } from './to-ai-agent';

/**
 * Puts an agent back to an earlier version's settings as a new save: the same checks as an edit
 * (a number another account has, links that still exist, the plan's features, tools' addresses), then a new
 * version with those settings. The history is never rewritten.
 */
export const restoreAgentVersion = implement(contract.agentVersion.restoreAgentVersion, async ({ params, body, user, db, app }) => {
  const kept = await findVersion(db, params.agentId, body.version);
  if (!kept) throw notFound();
  // A version is read back through today's rules, as an edit would be; a setting it does not have keeps its value.
  const stored = Object.fromEntries(AGENT_SETTING_NAMES.filter((name) => name in kept.settings).map((name) => [name, kept.settings[name]]));
  const parsed = v.safeParse(UpdateAgentBody, stored);
  if (!parsed.success) throw badRequest(parsed.issues[0].message, parsed.issues.map((issue) => issue.message));
  const settings = parsed.output;
  await assertAgentLinks(app, db, user.accountId, params.agentId, settings);
  await assertAgentFeatures(db, user.accountId, settings, params.agentId);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(aiAgents).where(eq(aiAgents.id, params.agentId)).for('update');
    if (!before) throw notFound();
    if (changedSettings(settingsOf(before), { ...settingsOf(before), ...settings }).length === 0) throw badRequest(VERSION_ALREADY_CURRENT_TEXT);
    await claimNumbers(tx, before.accountId, [settings.phoneNumber]);
    // An agent that now takes only inbound calls has no campaign to run.
    const campaign = settings.handleCallType === 'inbound' ? { campaignActive: false } : {};
    const tools = await customToolSettings(app, tx, params.agentId, settings.customTools);
    const [updated] = await tx.update(aiAgents).set({ ...settings, ...campaign, ...tools, updatedAt: new Date() }).where(eq(aiAgents.id, params.agentId)).returning();
    if (updated!.knowledge !== before.knowledge) {
      await reindexKnowledge(tx, { accountId: updated!.accountId, aiAgentId: updated!.id, text: updated!.knowledge });
    }
    return recordSavedVersion(tx, before, updated!, user.id);
  });
  app.callLogsCache.changed(row.accountId);
  return toAiAgent(row);
});
