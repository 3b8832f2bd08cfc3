import { count } from 'drizzle-orm';
import type { Role } from 'shared-contracts';
import { hashPassword } from '../modules/auth/password';
import type { Db } from './client';
import { DEMO_PASSWORD } from './demo-sign-ins';
import * as t from './schema';
import type { WorkingHoursValue } from './schema';
import { reindexKnowledge } from '../modules/voice-agent/knowledge/knowledge-passages';
import { DEMO_RECORDING_PATH } from '../modules/recordings/recording-links';
import {
  callStatus, createRandom, demoNumber, DENTAL_TRANSCRIPTS, deskTimes, id, leadNames, officeHoursAgo, REALTY_TRANSCRIPTS, SMS_LINES,
  type Random, type Transcript,
} from './seed-data';

interface DemoUser {
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  agentNumber?: string;
}

interface DemoAccount {
  name: string;
  plan: (typeof t.accounts.$inferInsert)['plan'];
  numberBlock: number;
  users: DemoUser[];
  aiAgents: Array<{
    name: string; handleCallType: 'inbound' | 'outbound' | 'both'; campaignActive: boolean; greeting: string;
    /** What the agent knows (as if extracted from an uploaded document), and when it books. */
    knowledge?: string; workingHours?: WorkingHoursValue;
  }>;
  /** What its answered calls say: the account's own business. */
  transcripts: readonly Transcript[];
  leads: number;
  calls: number;
  appointments: number;
  queue: number;
}

/** The demo receptionist's knowledge: what a dental practice's callers ask. */
const DENTAL_KNOWLEDGE = [
  'Acme Dental is open every day from 8 am to 6 pm, weekends included.',
  'We are at 120 Main Street, Springfield. Parking is free behind the building, and the entrance is step-free.',
  'A check-up and cleaning takes about 45 minutes and costs $120 without insurance. We accept most dental insurance plans, including Delta Dental and Cigna.',
  'For a dental emergency such as a broken tooth or severe pain, call us straight away: we keep same-day slots for emergencies.',
  'New patients should arrive 10 minutes early to fill in a short health form. Please bring your insurance card and a photo ID.',
  'To cancel or move an appointment, please let us know at least 24 hours before it.',
].join('\n\n');

const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    name: 'Acme Dental', plan: 'performance-suite', numberBlock: 100,
    users: [
      { role: 'USER', email: 'user@demo.test', firstName: 'Dana', lastName: 'Whitfield' },
      { role: 'AGENT', email: 'agent@demo.test', firstName: 'Alex', lastName: 'Rivera', agentNumber: '+15550100001' },
      { role: 'AGENT', email: 'agent2@demo.test', firstName: 'Jordan', lastName: 'Lee', agentNumber: '+15550100002' },
    ],
    aiAgents: [
      {
        name: 'Front Desk Receptionist', handleCallType: 'inbound', campaignActive: false, greeting: 'Thank you for calling Acme Dental. How can I help you today?',
        knowledge: DENTAL_KNOWLEDGE, workingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '08:00', end: '18:00' },
      },
      { name: 'Appointment Reminder', handleCallType: 'outbound', campaignActive: true, greeting: 'Hello, this is Acme Dental with a reminder.' },
      { name: 'After-hours Triage', handleCallType: 'both', campaignActive: false, greeting: 'Acme Dental, after-hours line.' },
    ],
    transcripts: DENTAL_TRANSCRIPTS,
    leads: 14, calls: 60, appointments: 8, queue: 2,
  },
  {
    name: 'Globex Realty', plan: 'efficiency-plus', numberBlock: 200,
    users: [{ role: 'USER', email: 'owner@globex.test', firstName: 'Hank', lastName: 'Scorpio' }],
    aiAgents: [
      { name: 'Listing Concierge', handleCallType: 'inbound', campaignActive: false, greeting: 'Globex Realty, how can I help?' },
      { name: 'Open House Caller', handleCallType: 'outbound', campaignActive: true, greeting: 'Hi, this is Globex Realty.' },
    ],
    transcripts: REALTY_TRANSCRIPTS,
    leads: 8, calls: 24, appointments: 3, queue: 0,
  },
  {
    name: 'Platform House', plan: 'enterprise-edge', numberBlock: 900,
    users: [{ role: 'ADMINISTRATOR', email: 'admin@demo.test', firstName: 'Ada', lastName: 'Admin' }],
    aiAgents: [], transcripts: [], leads: 0, calls: 0, appointments: 0, queue: 0,
  },
];

/** Seeds the demo data when the database has no account yet; returns whether it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.accounts);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db);
  return true;
}

export async function seedDemo(db: Db): Promise<void> {
  // Hash outside the transaction: PGlite has one connection, and a transaction blocks it.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const random = createRandom(20240611);
  const rows = DEMO_ACCOUNTS.map((account) => buildAccount(random, account, passwordHash));
  await db.transaction(async (tx) => {
    for (const r of rows) {
      await tx.insert(t.accounts).values(r.account);
      await tx.insert(t.users).values(r.users);
      if (r.aiAgents.length) await tx.insert(t.aiAgents).values(r.aiAgents);
      if (r.leads.length) await tx.insert(t.leads).values(r.leads);
      if (r.calls.length) await tx.insert(t.calls).values(r.calls);
      if (r.conversations.length) await tx.insert(t.conversations).values(r.conversations);
      if (r.messages.length) await tx.insert(t.conversationMessages).values(r.messages);
      if (r.appointments.length) await tx.insert(t.appointments).values(r.appointments);
      if (r.smsConversations.length) await tx.insert(t.smsConversations).values(r.smsConversations);
      if (r.smsMessages.length) await tx.insert(t.smsMessages).values(r.smsMessages);
      if (r.queue.length) await tx.insert(t.queueEntries).values(r.queue);
    }
    await tx.insert(t.aiClients).values(DEMO_AI_CLIENTS);
  });
  for (const r of rows) {
    for (const agent of r.aiAgents) {
      if (agent.knowledge) await reindexKnowledge(db, { accountId: agent.accountId, aiAgentId: agent.id, text: agent.knowledge });
    }
  }
}


/**
 * Provider clients so that the admin console and the agent builder have something to show.
 * No credentials: an administrator adds real keys on the client's edit screen.
 */
const DEMO_AI_CLIENTS: Array<typeof t.aiClients.$inferInsert> = [
  { type: 'AI Client', provider: 'OpenAI', model: 'gpt-4o', purpose: 'Conversation' },
  { type: 'STT Client', provider: 'Deepgram', model: 'nova-2', purpose: 'Call transcription' },
  { type: 'TTS Client', provider: 'Elevenlabs', model: 'eleven_turbo_v2', purpose: 'Agent voices' },
];

/** One demo account's rows. Long only as the list of what the account holds, each a few lines of data. */
function buildAccount(random: Random, spec: DemoAccount, passwordHash: string) {
  const accountId = id();
  const account = { id: accountId, name: spec.name, plan: spec.plan };
  const users = spec.users.map((u) => ({ ...u, id: id(), accountId, passwordHash, agentNumber: u.agentNumber ?? null }));
  const humanAgents = users.filter((u) => u.role === 'AGENT');
  const aiAgents = spec.aiAgents.map((a, i) => ({
    id: id(), accountId, ...a,
    phoneNumber: demoNumber(spec.numberBlock, 10 + i),
    prompt: `You are ${a.name} for ${spec.name}. Be brief, friendly and book appointments when asked.`,
    createdAt: new Date(Date.now() - (30 - i) * 86_400_000),
  }));
  const leads = leadNames(random, spec.leads).map((fullName, i) => ({
    id: id(), accountId, fullName, phoneNumber: demoNumber(spec.numberBlock, 2000 + i),
  }));

  const calls: Array<typeof t.calls.$inferInsert> = [];
  const conversations: Array<typeof t.conversations.$inferInsert> = [];
  const messages: Array<typeof t.conversationMessages.$inferInsert> = [];
  for (let i = 0; i < spec.calls && leads.length > 0 && aiAgents.length > 0; i++) {
    const lead = random.pick(leads);
    const direction = random.next() < 0.6 ? 'inbound' as const : 'outbound' as const;
    // About a third of the calls go to a human agent, when the account has any.
    const human = humanAgents.length > 0 && random.next() < 0.35 ? random.pick(humanAgents) : undefined;
    const ai = human ? null : random.pick(aiAgents);
    const line = human?.agentNumber ?? ai?.phoneNumber ?? demoNumber(spec.numberBlock, 1);
    const status = callStatus(random);
    const startedAt = officeHoursAgo(random, i % 14);
    const callId = id();
    const durationSeconds = status === 'completed' ? random.int(35, 540) : 0;
    // Callers who rang an agent number waited for a person; some of the AI's answered callers were handed to one.
    const handedTo = ai && direction === 'inbound' && status === 'completed' && durationSeconds > 120 && humanAgents.length > 0 && random.next() < 0.3
      ? random.pick(humanAgents) : undefined;
    const desk = human && direction === 'inbound' ? deskTimes(random, startedAt, status === 'completed', durationSeconds, 0)
      : handedTo ? deskTimes(random, startedAt, true, durationSeconds, random.int(40, 90)) : {};
    calls.push({
      id: callId, accountId, direction, status, startedAt,
      fromNumber: direction === 'inbound' ? lead.phoneNumber : line,
      toNumber: direction === 'inbound' ? line : lead.phoneNumber,
      durationSeconds,
      aiAgentId: ai?.id ?? null, agentUserId: (human ?? handedTo)?.id ?? null, leadId: lead.id,
      ...desk,
    });
    if (status !== 'completed') continue;
    const conversationId = id();
    // Every demo call plays the recording shipped with the product.
    conversations.push({ id: conversationId, callId, recordingUrl: DEMO_RECORDING_PATH });
    random.pick(spec.transcripts).forEach(([author, content], n) => {
      // A human agent's call has the agent speaking where the AI would.
      const authorType = human && author === 'ai' ? 'agent' as const : author;
      messages.push({ conversationId, authorType, content, at: new Date(startedAt.getTime() + n * 12_000) });
    });
  }

  const appointments = Array.from({ length: Math.min(spec.appointments, leads.length) }, (_, i) => {
    const dateTime = new Date();
    dateTime.setUTCDate(dateTime.getUTCDate() + i - 3);
    dateTime.setUTCHours(14 + (i % 6), 0, 0, 0);
    const lead = leads[i % leads.length]!;
    return {
      id: id(), accountId, leadId: lead.id, aiAgentId: aiAgents[0]?.id ?? null, dateTime,
      status: dateTime.getTime() < Date.now() ? 'completed' as const : 'scheduled' as const,
    };
  });

  const smsConversations: Array<typeof t.smsConversations.$inferInsert> = [];
  const smsMessages: Array<typeof t.smsMessages.$inferInsert> = [];
  humanAgents.forEach((agent, a) => {
    for (const lead of leads.slice(a * 3, a * 3 + 3)) {
      const conversationId = id();
      const count = random.int(2, SMS_LINES.length);
      const start = Date.now() - random.int(1, 72) * 3_600_000;
      smsConversations.push({
        id: conversationId, accountId, agentNumber: agent.agentNumber!, leadNumber: lead.phoneNumber, leadId: lead.id,
        lastMessageAt: new Date(start + (count - 1) * 300_000),
      });
      SMS_LINES.slice(0, count).forEach(([direction, content], n) => {
        smsMessages.push({
          conversationId, accountId, direction, content,
          status: direction === 'inbound' ? 'received' : 'delivered',
          createdAt: new Date(start + n * 300_000),
        });
      });
    }
  });

  const queue = leads.slice(-spec.queue).slice(0, spec.queue).map((lead, i) => ({
    accountId, phoneNumber: lead.phoneNumber, callerName: lead.fullName, enqueuedAt: new Date(Date.now() - (spec.queue - i) * 60_000),
  }));

  return { account, users, aiAgents, leads, calls, conversations, messages, appointments, smsConversations, smsMessages, queue };
}
