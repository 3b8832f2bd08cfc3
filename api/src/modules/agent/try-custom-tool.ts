import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { UNREADABLE_TOOL_SECRET_TEXT, contract } from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { customToolArgs, openToolSecret, requestCustomTool, toolResultOf } from '../voice-agent';
import { addressPolicyFor } from '../webhooks';

function openedSecret(key: string, agentId: string, sealed: string): string {
  try {
    return openToolSecret(key, agentId, sealed);
  } catch {
    throw badRequest(UNREADABLE_TOOL_SECRET_TEXT);
  }
}

/**
 * "Try it": one request to the tool's endpoint with sample arguments, sent as a call would send
 * it (signed with the agent's secret, under the same address policy, size cap and timeout), so
 * the business sees what its endpoint answers and what the model would read. The tool may be
 * unsaved: the form tries what it holds.
 */
export const tryCustomTool = implement(contract.agent.tryCustomTool, async ({ body, db, app }) => {
  const [agent] = await db.select({ id: aiAgents.id, toolSecretSealed: aiAgents.toolSecretSealed }).from(aiAgents).where(eq(aiAgents.id, body.agentId));
  if (!agent) throw notFound();
  const args = v.safeParse(customToolArgs(body.tool.parameters), body.args);
  if (!args.success) {
    const messages = args.issues.map((issue) => {
      const path = issue.path?.map((p) => String(p.key)).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    });
    throw badRequest(messages[0]!, messages);
  }
  const secret = agent.toolSecretSealed === null ? null : openedSecret(app.config.credentialsKey, agent.id, agent.toolSecretSealed);
  const answer = await requestCustomTool({
    tool: body.tool, args: args.output as Record<string, string | number | boolean>, callId: null, secret, policy: addressPolicyFor(app.config.nodeEnv),
  });
  return { status: answer.httpStatus, durationMs: answer.durationMs, body: answer.excerpt, error: answer.error, modelSees: toolResultOf(answer).say };
});
