import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { appointments, calls, conversationMessages, conversations } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { listCallLogs } from '../call';

export const getCallReports = implement(contract.call.getCallReports, async ({ params, user, db, app }) => {
  const [{ data: [call] }, [conversation], [booked], [turn], [analysed]] = await Promise.all([
    listCallLogs(db, { accountId: user.accountId, where: eq(calls.id, params.id) }, { page: 1, limit: 1, search: '' }, { recordings: app.recordingLinks }),
    db.select({ summary: conversations.summary, sentiment: conversations.sentiment, outcome: conversations.outcome }).from(conversations).where(eq(conversations.callId, params.id)),
    db.select({ id: appointments.id }).from(appointments).where(eq(appointments.callId, params.id)).limit(1),
    db.select({ id: conversationMessages.id }).from(conversationMessages)
      .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
      .where(eq(conversations.callId, params.id)).limit(1),
    db.select({ analysis: calls.analysis }).from(calls).where(eq(calls.id, params.id)),
  ]);
  if (!call) throw notFound();
  return {
    call,
    summary: conversation?.summary ?? null,
    sentiment: conversation?.sentiment ?? null,
    outcome: conversation?.outcome ?? null,
    appointmentBooked: booked !== undefined,
    transcriptAvailable: turn !== undefined,
    analysis: analysed?.analysis ?? null,
  };
});
