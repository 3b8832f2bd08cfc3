import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { contract, type SmsThread } from 'shared-contracts';
import { leads, smsConversations, smsMessages } from '../../db/schema';
import { containsPattern } from '../../db/like';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { toSmsPayload } from '../telephony';

/**
 * The agent number's threads in the caller's account, newest activity first, searched by number,
 * lead name or any message text. An account that held the number before keeps its own threads.
 */
export const getSmsList = implement(contract.conversation.getSmsList, async ({ params, body, db, user }) => {
  const last = db.select({
    conversationId: smsMessages.conversationId,
    content: smsMessages.content,
    createdAt: smsMessages.createdAt,
    rank: sql<number>`row_number() over (partition by ${smsMessages.conversationId} order by ${smsMessages.createdAt} desc, ${smsMessages.id} desc)`.as('rank'),
  }).from(smsMessages).as('last_message');
  const conditions = [eq(smsConversations.accountId, user.accountId), eq(smsConversations.agentNumber, params.agentNumber)];
  if (body.searchText !== '') {
    const pattern = containsPattern(body.searchText);
    conditions.push(or(
      ilike(smsConversations.leadNumber, pattern),
      ilike(leads.fullName, pattern),
      sql`exists (select 1 from ${smsMessages} m where m.conversation_id = ${smsConversations.id} and m.content ilike ${pattern})`,
    )!);
  }
  const rows = await db.select({
    conversationId: smsConversations.id,
    leadNumber: smsConversations.leadNumber,
    lead: { id: leads.id, fullName: leads.fullName, phoneNumber: leads.phoneNumber },
    lastMessage: last.content,
    lastMessageAt: last.createdAt,
  })
    .from(smsConversations)
    .leftJoin(leads, eq(leads.id, smsConversations.leadId))
    .leftJoin(last, and(eq(last.conversationId, smsConversations.id), eq(last.rank, 1)))
    .where(and(...conditions))
    .orderBy(desc(smsConversations.lastMessageAt), desc(smsConversations.id))
    .limit(200);
  return rows.map((row): SmsThread => ({
    conversationId: row.conversationId,
    leadNumber: row.leadNumber,
    lead: row.lead?.id ? { id: row.lead.id, fullName: row.lead.fullName, phoneNumber: row.lead.phoneNumber } : null,
    lastMessage: row.lastMessage ?? null,
    lastMessageAt: row.lastMessageAt ? row.lastMessageAt.toISOString() : null,
    // Read receipts are not tracked yet: no thread is counted as unread.
    unreadCount: 0,
  }));
});

/** One thread's messages, oldest first. The contract's tenant check has made sure the thread is this account's. */
export const getConversationSms = implement(contract.conversation.getConversationSms, async ({ body, db, user }) => {
  const [thread] = await db.select().from(smsConversations).where(eq(smsConversations.id, body.conversation_id));
  // An agent reads only its own number's threads, even within the account.
  if (!thread || thread.agentNumber !== user.agentNumber) throw notFound();
  const rows = await db.select().from(smsMessages).where(eq(smsMessages.conversationId, thread.id))
    .orderBy(asc(smsMessages.createdAt), asc(smsMessages.id)).limit(500);
  return rows.map((row) => toSmsPayload(row, thread));
});
