import { randomBytes, randomUUID } from 'node:crypto';
import type { Role, WebhookEndpoint, WebhookEventType } from 'shared-contracts';
import { signIn as signInOverHttp } from 'shared-test-kit';
import type { Db } from '../src/db/client';
import { accounts, agentStatuses, aiAgents, calls, leads, queueEntries, users } from '../src/db/schema';
import { aiClients } from '../src/db/schema';
import { appointments, conversationMessages, conversations, integrationConnections } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/password';
import { call, type TestServer } from './helpers/server';

// Rows are created directly, with unique values, so tests never depend on seed ids or on each other.

export const PASSWORD = 'Factory-pass-1';
let passwordHash: Promise<string> | undefined;
/** Hashing costs ~30 ms; every factory user shares one hash of the same password. */
const sharedHash = () => (passwordHash ??= hashPassword(PASSWORD));

const unique = () => randomBytes(4).toString('hex');
// Numbers in a row from a random start: drawn at random, a suite's thousands of agents and
// AI agents met a number twice now and then (a unique column refused the second).
let nextPhone = Math.floor(Math.random() * 1e7);
export const uniquePhone = () => `+1555${String(nextPhone++ % 1e7).padStart(7, '0')}`;

let lastCreatedAt = 0;
/**
 * A creation time after every earlier one: the embedded database's now() has millisecond
 * resolution, so rows made back to back could tie, and lists that order by creation time would
 * then order those rows by their random ids.
 */
const nextCreatedAt = () => new Date((lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1)));

export async function createAccount(db: Db, values: Partial<typeof accounts.$inferInsert> = {}) {
  const [row] = await db.insert(accounts).values({ name: `Account ${unique()}`, createdAt: nextCreatedAt(), ...values }).returning();
  return row!;
}

export async function createUser(db: Db, values: { accountId: string; role: Role } & Partial<typeof users.$inferInsert>) {
  const [row] = await db.insert(users).values({
    createdAt: nextCreatedAt(),
    email: `${values.role.toLowerCase()}-${unique()}@factory.test`,
    passwordHash: await sharedHash(),
    firstName: 'Test',
    lastName: values.role === 'AGENT' ? `Agent ${unique()}` : 'User',
    agentNumber: values.role === 'AGENT' ? uniquePhone() : null,
    ...values,
  }).returning();
  return row!;
}

export async function createAiAgent(db: Db, values: { accountId: string } & Partial<typeof aiAgents.$inferInsert>) {
  const [row] = await db.insert(aiAgents).values({ name: `AI ${unique()}`, phoneNumber: uniquePhone(), ...values }).returning();
  return row!;
}

export async function createLead(db: Db, values: { accountId: string } & Partial<typeof leads.$inferInsert>) {
  const [row] = await db.insert(leads).values({ fullName: `Lead ${unique()}`, phoneNumber: uniquePhone(), ...values }).returning();
  return row!;
}

export async function createCall(db: Db, values: { accountId: string } & Partial<typeof calls.$inferInsert>) {
  const [row] = await db.insert(calls).values({
    direction: 'inbound',
    status: 'completed',
    fromNumber: uniquePhone(),
    toNumber: uniquePhone(),
    durationSeconds: 60,
    ...values,
  }).returning();
  return row!;
}

export async function createQueueEntry(db: Db, values: { accountId: string } & Partial<typeof queueEntries.$inferInsert>) {
  const [row] = await db.insert(queueEntries).values({ phoneNumber: uniquePhone(), callerName: 'Caller', ...values }).returning();
  return row!;
}

export async function setAgentStatus(db: Db, agentId: string, status: 'available' | 'busy' | 'offline', busyFrom: Date | null = null) {
  await db.insert(agentStatuses).values({ agentId, status, busyFrom })
    .onConflictDoUpdate({ target: agentStatuses.agentId, set: { status, busyFrom } });
}

/** Signs in over HTTP and returns the token. */
export async function signIn(server: TestServer, email: string, password = PASSWORD): Promise<string> {
  return (await signInOverHttp(`${server.origin}/v1`, email, password)).token;
}

/** An account with a USER and an AGENT, both signed in: the usual cast of a test. */
export async function createTenant(server: TestServer, accountValues: Partial<typeof accounts.$inferInsert> = {}) {
  const account = await createAccount(server.db, accountValues);
  const owner = await createUser(server.db, { accountId: account.id, role: 'USER' });
  const agent = await createUser(server.db, { accountId: account.id, role: 'AGENT' });
  const [ownerToken, agentToken] = await Promise.all([signIn(server, owner.email), signIn(server, agent.email)]);
  return { account, owner, agent, ownerToken, agentToken };
}

export async function createAdmin(server: TestServer) {
  const account = await createAccount(server.db, { name: `House ${unique()}` });
  const admin = await createUser(server.db, { accountId: account.id, role: 'ADMINISTRATOR' });
  return { account, admin, token: await signIn(server, admin.email) };
}

export const missingId = () => randomUUID();

export async function createAiClientRow(db: Db, values: Partial<typeof aiClients.$inferInsert> = {}) {
  const [row] = await db.insert(aiClients).values({ type: 'AI Client', provider: 'OpenAI', model: `model-${unique()}`, createdAt: nextCreatedAt(), ...values }).returning();
  return row!;
}

/** A call's conversation (recording and summary) with its transcript turns, `at` one second apart. */
export async function createConversation(
  db: Db,
  values: { callId: string } & Partial<typeof conversations.$inferInsert>,
  turns: Array<{ authorType: 'ai' | 'agent' | 'lead'; content: string }> = [],
) {
  const [row] = await db.insert(conversations).values(values).returning();
  const start = Date.now() - turns.length * 1000;
  if (turns.length > 0) {
    await db.insert(conversationMessages).values(turns.map((t, i) => ({ conversationId: row!.id, ...t, at: new Date(start + i * 1000) })));
  }
  return row!;
}

export async function createAppointment(db: Db, values: { accountId: string; leadId: string } & Partial<typeof appointments.$inferInsert>) {
  const [row] = await db.insert(appointments).values({ dateTime: new Date(Date.now() + 86_400_000), ...values }).returning();
  return row!;
}

export async function createIntegrationConnection(
  db: Db,
  values: { accountId: string } & Partial<typeof integrationConnections.$inferInsert>,
) {
  const [row] = await db.insert(integrationConnections).values({
    provider: 'google-calendar', category: 'calendar', credential: `cred-${unique()}`, accountLabel: 'owner@example.com', ...values,
  }).returning();
  return row!;
}

/**
 * A webhook endpoint registered through the API, as an account owner (or a key) would: its signing
 * secret comes back only here. `url` is where the deliveries go (a local receiver in most tests).
 */
export async function createWebhookEndpoint(server: TestServer, token: string, values: { url: string; events: WebhookEventType[] }) {
  const response = await call(server, 'POST', 'webhook/create', { token, body: values });
  if (response.status !== 200) throw new Error(`webhook/create failed: ${JSON.stringify(response.body)}`);
  return response.body.data as { endpoint: WebhookEndpoint; secret: string };
}
