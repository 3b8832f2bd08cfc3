import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { SmsPayload } from 'shared-contracts';
import { smsConversations, smsMessages } from '../../db/schema';
import type { TelephonyContext } from './call-events';
import { agentByNumber, leadByNumber } from './numbers';
import { firstReceipt } from './receipts';

type SmsRow = typeof smsMessages.$inferSelect;

export const toSmsPayload = (row: SmsRow, numbers: { agentNumber: string; leadNumber: string }): SmsPayload => ({
  id: row.id,
  conversationId: row.conversationId,
  direction: row.direction,
  fromNumber: row.direction === 'inbound' ? numbers.leadNumber : numbers.agentNumber,
  toNumber: row.direction === 'inbound' ? numbers.agentNumber : numbers.leadNumber,
  content: row.content,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/** The account's thread between an agent number and a lead number, created on first use. */
export async function threadFor(ctx: TelephonyContext, accountId: string, agentNumber: string, leadNumber: string): Promise<string> {
  const lead = await leadByNumber(ctx.db, accountId, leadNumber);
  const [row] = await ctx.db.insert(smsConversations)
    .values({ accountId, agentNumber, leadNumber, leadId: lead?.id ?? null })
    .onConflictDoUpdate({
      target: [smsConversations.accountId, smsConversations.agentNumber, smsConversations.leadNumber], set: { lastMessageAt: sql`now()` },
    })
    .returning({ id: smsConversations.id });
  if (!row) throw new Error('sms thread upsert returned no row');
  return row.id;
}

/** A text arrived for an agent number: stored once per MessageSid and pushed to the account (RECEIVE_SMS). */
export async function inboundSms(
  ctx: TelephonyContext,
  input: { messageSid: string; from: string; to: string; body: string },
): Promise<boolean> {
  const line = await agentByNumber(ctx.db, input.to);
  if (line === null) return false;
  if (!(await firstReceipt(ctx.db, input.messageSid, 'inbound-sms'))) return true;
  const conversationId = await threadFor(ctx, line.accountId, line.agentNumber, input.from);
  const [row] = await ctx.db.insert(smsMessages).values({
    conversationId, accountId: line.accountId, direction: 'inbound', content: input.body, status: 'received', messageSid: input.messageSid,
  }).returning();
  if (!row) throw new Error('sms insert returned no row');
  await ctx.realtime.broadcast(line.accountId, {
    type: 'RECEIVE_SMS', payload: toSmsPayload(row, { agentNumber: line.agentNumber, leadNumber: input.from }),
  });
  await ctx.events.emit(line.accountId, 'sms.received', row.id, {
    messageId: row.id, conversationId, from: input.from, to: line.agentNumber, body: input.body, receivedAt: row.createdAt.toISOString(),
  });
  return true;
}

/**
 * The provider reports a sent text's progress (sent, delivered, failed...): stored and pushed once
 * per status. `messageId` (our row's id, when the callback names it) finds a row whose MessageSid
 * was never stored, and stores it: the process that sent it stopped before the provider answered.
 */
export async function smsStatusChanged(ctx: TelephonyContext, input: { messageSid: string; status: string; messageId?: string }): Promise<boolean> {
  if (input.messageSid === '') return false;
  if (!(await firstReceipt(ctx.db, input.messageSid, `sms-status:${input.status}`))) return false;
  const ours = input.messageId === undefined
    ? eq(smsMessages.messageSid, input.messageSid)
    : or(eq(smsMessages.messageSid, input.messageSid), and(eq(smsMessages.id, input.messageId), isNull(smsMessages.messageSid)));
  const [row] = await ctx.db.update(smsMessages).set({ status: input.status, messageSid: input.messageSid })
    .where(and(ours, eq(smsMessages.direction, 'outbound')))
    .returning({ id: smsMessages.id, conversationId: smsMessages.conversationId, accountId: smsMessages.accountId });
  if (!row) return false;
  await ctx.realtime.broadcast(row.accountId, {
    type: 'SMS_STATUS_CHANGED', payload: { id: row.id, conversationId: row.conversationId, status: input.status },
  });
  return true;
}
