import { and, eq } from 'drizzle-orm';
import { contract, type StoredCallFeedback } from 'shared-contracts';
import { callRatings } from '../../db/schema';
import { implement } from '../../http/implement';

const toFeedback = (row: typeof callRatings.$inferSelect): StoredCallFeedback => ({
  callId: row.callId, score: row.score, issue: row.issue ?? null, updatedAt: row.updatedAt.toISOString(),
});

export const rateCall = implement(contract.callFeedback.rateCall, async ({ params, body, user, db }) => {
  const values = { score: body.score, issue: body.issue ?? null, updatedAt: new Date() };
  const [row] = await db.insert(callRatings).values({ callId: params.id, userId: user.id, ...values })
    .onConflictDoUpdate({ target: [callRatings.callId, callRatings.userId], set: values })
    .returning();
  return toFeedback(row!);
});

export const getCallFeedback = implement(contract.callFeedback.getCallFeedback, async ({ params, user, db }) => {
  const [row] = await db.select().from(callRatings).where(and(eq(callRatings.callId, params.id), eq(callRatings.userId, user.id)));
  return row ? toFeedback(row) : null;
});
