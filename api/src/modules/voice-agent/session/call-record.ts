import { and, eq, sql } from 'drizzle-orm';
import type { CallResult } from 'shared-contracts';
import type { Db } from '../../../db/client';
import { accounts, aiAgents, businesses, calls, conversations } from '../../../db/schema';
import { aiCallConnected, type CallEventWriter } from '../../telephony';
import type { CallWrapUp } from '../responders/responder';
import { agentAsPlanServes } from '../../entitlements';
import { bookingRulesOf, DEFAULT_WORKING_HOURS } from '../tools/appointment-slots';

/** What a relay session needs to know about its call, read once when it starts. */
export interface RelayCall {
  callId: string;
  callSid: string;
  accountId: string;
  direction: 'inbound' | 'outbound';
  /** The other party: the caller of an inbound call, the callee of an outbound one. */
  partyNumber: string;
  agent: typeof aiAgents.$inferSelect;
  business: { name: string; description: string | null; website: string | null; phoneNumber: string | null; address: string | null };
  timeZone: string;
  conversationId: string;
  /** An agent test's call: nobody is rung, no message is left, nothing is synced or announced. */
  isTest: boolean;
}

const ENDED = ['completed', 'missed', 'busy', 'failed', 'voicemail'];

/**
 * The call a relay session claims to be (its `callId` parameter and CallSid), if it is an AI
 * agent's call that has not ended. Twilio can open the session before our own write of the
 * CallSid lands, so a call without one takes the session's.
 */
export async function openRelayCall(ctx: CallEventWriter, callId: string, callSid: string): Promise<RelayCall | null> {
  const { db } = ctx;
  const [call] = await db.select().from(calls).where(eq(calls.id, callId));
  if (!call || call.aiAgentId === null || ENDED.includes(call.status)) return null;
  if (call.callSid !== null && call.callSid !== callSid) return null;
  if (call.callSid === null) {
    const [claimed] = await db.update(calls).set({ callSid }).where(and(eq(calls.id, callId), sql`${calls.callSid} is null`)).returning({ id: calls.id });
    if (!claimed) return null;
  }
  const [agent] = await db.select().from(aiAgents).where(eq(aiAgents.id, call.aiAgentId));
  if (!agent) return null;
  const [[business], [account]] = await Promise.all([
    db.select().from(businesses).where(eq(businesses.accountId, call.accountId)),
    db.select({ name: accounts.name, timeZone: accounts.timeZone, plan: accounts.plan }).from(accounts).where(eq(accounts.id, call.accountId)),
  ]);
  await aiCallConnected(ctx, callId);
  // Held by a live session from now on; the session keeps saying so while it lasts.
  await db.update(calls).set({ sessionSeenAt: new Date() }).where(eq(calls.id, callId));
  // The call's log entry links its conversation (and so its transcript) from now on.
  await db.insert(conversations).values({ callId }).onConflictDoNothing();
  ctx.callLogs.changed(call.accountId);
  const [conversation] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.callId, callId));
  const address = business ? [business.addressLine1, business.city, business.stateCode].filter(Boolean).join(', ') || null : null;
  return {
    callId,
    callSid,
    accountId: call.accountId,
    direction: call.direction,
    partyNumber: call.direction === 'inbound' ? call.fromNumber : call.toNumber,
    agent: agentAsPlanServes(agent, account?.plan ?? 'free'),
    business: {
      name: business?.name ?? account?.name ?? '',
      description: business?.description ?? null,
      website: business?.website ?? null,
      phoneNumber: business?.phoneNumber ?? null,
      address,
    },
    timeZone: account?.timeZone ?? 'UTC',
    conversationId: conversation!.id,
    isTest: call.isTest,
  };
}

/** The greeting the caller hears first: the agent's own, or one made from its name. */
export const greetingOf = (agent: { greeting: string; name: string }): string =>
  agent.greeting.trim() !== '' ? agent.greeting.trim() : `Hello, this is ${agent.name}. How can I help you today?`;

/** The call's summary, outcome and sentiment, where the call summary report reads them. */
export async function saveWrapUp(db: Db, callId: string, wrapUp: CallWrapUp): Promise<void> {
  await db.update(conversations).set({ summary: wrapUp.summary, outcome: wrapUp.outcome satisfies CallResult, sentiment: wrapUp.sentiment })
    .where(eq(conversations.callId, callId));
}

/** When and how the agent books, as its instructions state it: the same hours and rules its booking tools apply. */
function appointmentRulesText(agent: RelayCall['agent']): string {
  const hours = agent.workingHours ?? DEFAULT_WORKING_HOURS;
  const rules = bookingRulesOf(agent.bookingRules);
  const buffer = rules.bufferMinutes > 0 ? `, with ${rules.bufferMinutes} minutes kept free after each one` : '';
  return `Appointments can be booked on ${hours.days.join(', ')} between ${hours.start} and ${hours.end}, `
    + `${rules.slotMinutes} minutes each${buffer}, up to ${rules.maxDaysAhead} days ahead.`;
}

/** The agent's instructions for the model: its own prompt, the business it answers for, and the time there. */
export function instructionsFor(call: RelayCall, now: Date): string {
  const { agent, business } = call;
  const localTime = new Intl.DateTimeFormat('en-US', {
    timeZone: call.timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit',
  }).format(now);
  const hours = appointmentRulesText(agent);
  return [
    `You are ${agent.name}, the AI phone agent of ${business.name || 'this business'}, on a live phone call ${call.direction === 'inbound' ? 'with a caller' : 'you placed'}.`,
    'Speak naturally and briefly: one to three short sentences, no lists, no markdown. Never invent facts: use the reference material or say you do not know and offer a person.',
    'Use the tools to find free times and book appointments, to find or create the caller as a lead, to transfer the caller to a person when they ask for one or when you cannot help, and to end the call when the caller is done.',
    business.description ? `About the business: ${business.description}` : '',
    business.address ? `Address: ${business.address}.` : '',
    business.website ? `Website: ${business.website}.` : '',
    hours,
    `It is now ${localTime} (${call.timeZone}). The caller's number is ${call.partyNumber}.`,
    agent.prompt.trim() !== '' ? `Your instructions from the business:\n${agent.prompt.trim()}` : '',
  ].filter(Boolean).join('\n');
}
