import { and, eq, inArray } from 'drizzle-orm';
import { contract, type CallReport } from 'shared-contracts';
import { appointments, calls, conversationMessages, conversations } from '../../db/schema';
import { implement } from '../../http/implement';
import { listCallLogs } from '../call';
import { requireFeature } from '../entitlements';
import { accountTimeZone } from './account-time-zone';
import { withinDays } from './day-range';

export const getCallSummaries = implement(contract.callSummaries.getCallSummaries, async ({ body, user, db, app }) => {
  await requireFeature(db, user.accountId, 'reports');
  const timeZone = await accountTimeZone(db, user.accountId);
  // A subquery, not a join, so the page query and its count see the same condition.
  const bySentiment = body.sentiment === undefined
    ? undefined
    : inArray(calls.id, db.select({ id: conversations.callId }).from(conversations).where(eq(conversations.sentiment, body.sentiment)));
  const where = and(withinDays(calls.startedAt, timeZone, body.from, body.to), bySentiment);
  const page = await listCallLogs(db, { accountId: user.accountId, where }, body, { recordings: app.recordingLinks });

  const ids = page.data.map((c) => c.id);
  if (ids.length === 0) return { data: [], total: page.total };
  const [notes, booked, withTurns, analyses] = await Promise.all([
    db.select({ callId: conversations.callId, summary: conversations.summary, sentiment: conversations.sentiment, outcome: conversations.outcome })
      .from(conversations).where(inArray(conversations.callId, ids)),
    db.selectDistinct({ callId: appointments.callId }).from(appointments).where(inArray(appointments.callId, ids)),
    db.selectDistinct({ callId: conversations.callId }).from(conversationMessages)
      .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
      .where(inArray(conversations.callId, ids)),
    db.select({ id: calls.id, analysis: calls.analysis }).from(calls).where(inArray(calls.id, ids)),
  ]);
  const noteOf = new Map(notes.map((n) => [n.callId, n]));
  const bookedIds = new Set(booked.map((b) => b.callId));
  const transcribed = new Set(withTurns.map((t) => t.callId));
  const analysisOf = new Map(analyses.map((a) => [a.id, a.analysis]));
  const data = page.data.map((call): CallReport => ({
    call,
    summary: noteOf.get(call.id)?.summary ?? null,
    sentiment: noteOf.get(call.id)?.sentiment ?? null,
    outcome: noteOf.get(call.id)?.outcome ?? null,
    appointmentBooked: bookedIds.has(call.id),
    transcriptAvailable: transcribed.has(call.id),
    analysis: analysisOf.get(call.id) ?? null,
  }));
  return { data, total: page.total };
});
