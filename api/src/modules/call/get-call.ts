import { eq } from 'drizzle-orm';
import { UNFINISHED_CALL_STATUSES, contract } from 'shared-contracts';
import { wrapUpOf } from '../../db/call-wrap-up';
import { aiAgents, calls, conversations } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';

const unfinished: ReadonlySet<string> = new Set(UNFINISHED_CALL_STATUSES);

/** One call by id, small enough to poll while it rings, talks and is wrapped up. */
export const getCall = implement(contract.call.getCall, async ({ params, user, db }) => {
  const [row] = await db.select({
    call: calls,
    aiAgentName: aiAgents.name,
    summary: conversations.summary,
    outcome: conversations.outcome,
  }).from(calls)
    .leftJoin(aiAgents, eq(aiAgents.id, calls.aiAgentId))
    .leftJoin(conversations, eq(conversations.callId, calls.id))
    .where(eq(calls.id, params.id));
  // The tenant check already refused another account's id; this covers a call deleted since.
  if (!row || row.call.accountId !== user.accountId) throw notFound();
  const { call } = row;
  return {
    id: call.id,
    callSid: call.callSid,
    direction: call.direction,
    status: call.status,
    finished: !unfinished.has(call.status),
    fromNumber: call.fromNumber,
    toNumber: call.toNumber,
    aiAgent: call.aiAgentId !== null && row.aiAgentName !== null ? { id: call.aiAgentId, name: row.aiAgentName } : null,
    startedAt: call.startedAt.toISOString(),
    durationSeconds: call.durationSeconds,
    endReason: call.endReason,
    summary: row.summary ?? null,
    outcome: row.outcome ?? null,
    analysis: call.analysis ?? null,
    wrapUp: wrapUpOf(call),
  };
});
