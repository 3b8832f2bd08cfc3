import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { reindexKnowledge } from '../voice-agent';
import { assertRoomForAgent } from './agent-cap';
import { recordFirstVersion } from './agent-versions';
import { customToolSettings } from './custom-tool-settings';
import { toAiAgent } from './to-ai-agent';

const NAME_MAX = 100;
const copyName = (name: string) => {
  const suffix = ' (copy)';
  return `${name.slice(0, NAME_MAX - suffix.length)}${suffix}`;
};

export const duplicateAgent = implement(contract.agent.duplicateAgent, async ({ body, user, db, app }) => {
  const row = await db.transaction(async (tx) => {
    const [source] = await tx.select().from(aiAgents).where(eq(aiAgents.id, body.agentId));
    if (!source) throw notFound();
    await assertRoomForAgent(tx, user.accountId);
    // A phone number reaches one agent only, and a copy starts with its campaign paused. The tools'
    // signing secret is sealed to the agent's id, so a copy with tools gets its own.
    const { id: _id, createdAt: _c, updatedAt: _u, toolSecretSealed: _s, toolSecretPrefix: _p, ...settings } = source;
    const [copy] = await tx.insert(aiAgents).values({
      ...settings, name: copyName(source.name), phoneNumber: null, campaignActive: false, version: 1,
    }).returning();
    const tools = await customToolSettings(app, tx, copy!.id, copy!.customTools);
    const [inserted] = tools.toolSecretSealed === undefined
      ? [copy]
      : await tx.update(aiAgents).set(tools).where(eq(aiAgents.id, copy!.id)).returning();
    // The copy's history starts at its own version 1, saved by whoever copied it.
    await recordFirstVersion(tx, inserted!, user.id);
    await reindexKnowledge(tx, { accountId: inserted!.accountId, aiAgentId: inserted!.id, text: inserted!.knowledge });
    return inserted!;
  });
  return toAiAgent(row);
});
