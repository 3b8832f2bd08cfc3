import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CustomToolValue } from 'shared-contracts';
import type { Db } from '../../db/client';
import { aiAgents } from '../../db/schema';
import { badRequest } from '../../http/api-error';
import { newToolSecret, sealToolSecret, toolSecretPrefixOf } from '../voice-agent';
import { addressPolicyFor, refusalOf } from '../webhooks';

/**
 * What saving an agent's custom tools adds to its row: the endpoints must pass the webhooks'
 * address policy (no private or local targets, https only, in production), and an agent's first
 * tools give it a signing secret (its prefix shows on the page; the whole of it is shown when it
 * is rotated). Nothing when the save does not touch the tools.
 */
export async function customToolSettings(
  app: FastifyInstance,
  db: Pick<Db, 'select'>,
  agentId: string,
  tools: readonly CustomToolValue[] | undefined,
): Promise<{ toolSecretSealed?: string; toolSecretPrefix?: string }> {
  if (tools === undefined || tools.length === 0) return {};
  const policy = addressPolicyFor(app.config.nodeEnv);
  for (const tool of tools) {
    const refusal = await refusalOf(tool.url, policy);
    if (refusal !== null) throw badRequest(`${tool.name}: ${refusal}`, [`customTools: ${tool.name}: ${refusal}`]);
  }
  const [agent] = await db.select({ sealed: aiAgents.toolSecretSealed }).from(aiAgents).where(eq(aiAgents.id, agentId));
  // An agent being created has no row yet, so no secret either.
  if (agent !== undefined && agent.sealed !== null) return {};
  const secret = newToolSecret();
  return { toolSecretSealed: sealToolSecret(app.config.credentialsKey, agentId, secret), toolSecretPrefix: toolSecretPrefixOf(secret) };
}
