import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { newToolSecret, sealToolSecret, toolSecretPrefixOf } from '../voice-agent';

/** A new signing secret for the agent's custom tools, shown this once: calls from now on sign with it. */
export const rotateToolSecret = implement(contract.agent.rotateToolSecret, async ({ params, db, app }) => {
  const secret = newToolSecret();
  const toolSecretPrefix = toolSecretPrefixOf(secret);
  const [row] = await db.update(aiAgents)
    .set({ toolSecretSealed: sealToolSecret(app.config.credentialsKey, params.agentId, secret), toolSecretPrefix, updatedAt: new Date() })
    .where(eq(aiAgents.id, params.agentId)).returning({ id: aiAgents.id });
  if (!row) throw notFound();
  return { secret, toolSecretPrefix };
});
