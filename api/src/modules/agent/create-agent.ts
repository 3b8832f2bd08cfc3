import { randomUUID } from 'node:crypto';
import { contract } from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { implement } from '../../http/implement';
import { claimNumbers } from '../telephony';
import { reindexKnowledge } from '../voice-agent';
import { addSuggestedScenarios } from '../agent-tests';
import { assertRoomForAgent } from './agent-cap';
import { assertAgentLinks } from './agent-links';
import { assertAgentFeatures } from '../entitlements';
import { recordFirstVersion } from './agent-versions';
import { toAiAgent } from './to-ai-agent';
import { customToolSettings } from './custom-tool-settings';

export const createAgent = implement(contract.agent.createAgent, async ({ body, user, db, app }) => {
  await assertAgentLinks(app, db, user.accountId, undefined, body);
  await assertAgentFeatures(db, user.accountId, body);
  const id = randomUUID();
  const tools = await customToolSettings(app, db, id, body.customTools);
  const row = await db.transaction(async (tx) => {
    await assertRoomForAgent(tx, user.accountId);
    await claimNumbers(tx, user.accountId, [body.phoneNumber]);
    const [inserted] = await tx.insert(aiAgents).values({ ...body, ...tools, id, accountId: user.accountId }).returning();
    await recordFirstVersion(tx, inserted!, user.id);
    await reindexKnowledge(tx, { accountId: user.accountId, aiAgentId: inserted!.id, text: inserted!.knowledge });
    // A new agent can be tested at once: greeting, a booking, a person, goodbye.
    await addSuggestedScenarios(tx, inserted!);
    return inserted!;
  });
  return toAiAgent(row);
});
