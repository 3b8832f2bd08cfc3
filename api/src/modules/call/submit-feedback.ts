import { and, eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { callRatings, calls } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';

export const FEEDBACK_THANKS_TEXT = 'Thank you for your feedback';

/** An agent's rating of a softphone call, found by its telephony id; rating again replaces it. */
export const submitFeedback = implement(contract.call.submitFeedback, async ({ body, user, db }) => {
  const [call] = await db.select({ id: calls.id }).from(calls).where(and(eq(calls.callSid, body.callSid), eq(calls.accountId, user.accountId)));
  if (call === undefined) throw notFound();
  const values = { score: body.score, issue: body.issue ?? null, updatedAt: new Date() };
  await db.insert(callRatings).values({ callId: call.id, userId: user.id, ...values })
    .onConflictDoUpdate({ target: [callRatings.callId, callRatings.userId], set: values });
  return { message: FEEDBACK_THANKS_TEXT };
});
