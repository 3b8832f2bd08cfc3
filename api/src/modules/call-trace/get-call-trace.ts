import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { calls, callTraces } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { callTraceView } from './call-trace-view';

/** A finished AI call's trace; a call no AI session held, or one still going on, has none yet. */
export const getCallTrace = implement(contract.callTrace.getCallTrace, async ({ params, user, db }) => {
  const [row] = await db.select({ trace: callTraces, accountId: calls.accountId, agentVersion: calls.aiAgentVersion })
    .from(calls)
    .innerJoin(callTraces, eq(callTraces.callId, calls.id))
    .where(eq(calls.id, params.id));
  if (!row || row.accountId !== user.accountId) throw notFound();
  return callTraceView(row.trace, row.agentVersion);
});
