import { eq } from 'drizzle-orm';
import type { TenantCheck, TenantKind } from 'shared-contracts';
import type { Db } from '../db/client';
import {
  agentTestRuns, agentTestScenarios, aiAgents, aiClients, apiKeys, appointments, calls, checkoutSessions, conversations, integrationConnections, leads, smsConversations, users, webhookEndpoints,
} from '../db/schema';
import { notFound } from './api-error';
import type { AuthUser } from './implement';

type Resolver = (db: Db, value: string, caller: AuthUser) => Promise<string | null>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const first = async (rows: Promise<Array<{ accountId: string }>>) => (await rows)[0]?.accountId ?? null;

/**
 * Each kind of id → the account that owns it (null when it does not exist). One resolver per
 * kind keeps the ownership rules in one file instead of scattered through handlers. Kinds
 * whose tables do not exist yet have no resolver; `implement()` refuses endpoints that use them.
 */
const ownerAccount = {
  // An account id owns itself; comparing it with the caller's needs no query.
  account: async (_db, value) => value,
  // A user id that must be the caller's own: anybody else's is "not found", even in the same account.
  self: async (_db, value, caller) => (value === caller.id ? caller.accountId : null),
  selfEmail: async (_db, value, caller) => (value.toLowerCase() === caller.email ? caller.accountId : null),
  accountUser: (db, value) => first(db.select({ accountId: users.accountId }).from(users).where(eq(users.id, value))),
  // The number a human agent calls and texts from is the caller's own, like `self`.
  agentNumber: async (_db, value, caller) => (caller.agentNumber !== null && value === caller.agentNumber ? caller.accountId : null),
  aiAgent: (db, value) => first(db.select({ accountId: aiAgents.accountId }).from(aiAgents).where(eq(aiAgents.id, value))),
  call: (db, value) => first(db.select({ accountId: calls.accountId }).from(calls).where(eq(calls.id, value))),
  callSid: (db, value) => first(db.select({ accountId: calls.accountId }).from(calls).where(eq(calls.callSid, value))),
  conversation: (db, value) => first(db.select({ accountId: calls.accountId }).from(conversations)
    .innerJoin(calls, eq(calls.id, conversations.callId)).where(eq(conversations.id, value))),
  smsConversation: (db, value) =>
    first(db.select({ accountId: smsConversations.accountId }).from(smsConversations).where(eq(smsConversations.id, value))),
  appointment: (db, value) => first(db.select({ accountId: appointments.accountId }).from(appointments).where(eq(appointments.id, value))),
  // AI/STT/TTS clients are global settings that administrators manage and every account may use
  // while they are enabled: an enabled client counts as the caller's own.
  aiClient: async (db, value, caller) => {
    const [row] = await db.select({ enabled: aiClients.enabled }).from(aiClients).where(eq(aiClients.id, value));
    return row?.enabled === true ? caller.accountId : null;
  },
  apiKey: (db, value) => first(db.select({ accountId: apiKeys.accountId }).from(apiKeys).where(eq(apiKeys.id, value))),
  integration: (db, value) =>
    first(db.select({ accountId: integrationConnections.accountId }).from(integrationConnections).where(eq(integrationConnections.id, value))),
  webhookEndpoint: (db, value) => first(db.select({ accountId: webhookEndpoints.accountId }).from(webhookEndpoints).where(eq(webhookEndpoints.id, value))),
  lead: (db, value) => first(db.select({ accountId: leads.accountId }).from(leads).where(eq(leads.id, value))),
  testScenario: (db, value) => first(db.select({ accountId: agentTestScenarios.accountId }).from(agentTestScenarios).where(eq(agentTestScenarios.id, value))),
  testRun: (db, value) => first(db.select({ accountId: agentTestRuns.accountId }).from(agentTestRuns).where(eq(agentTestRuns.id, value))),
  checkoutSession: (db, value) => first(db.select({ accountId: checkoutSessions.accountId }).from(checkoutSessions).where(eq(checkoutSessions.id, value))),
} satisfies Partial<Record<TenantKind, Resolver>>;

/** The tenant kinds this server can check. */
export type ResolvedTenantKind = keyof typeof ownerAccount;

const resolverOf = (kind: TenantKind): Resolver | undefined => (ownerAccount as Partial<Record<TenantKind, Resolver>>)[kind];

const UUID_KINDS = new Set<TenantKind>(['account', 'self', 'accountUser', 'aiAgent', 'call', 'conversation', 'smsConversation', 'appointment', 'aiClient', 'integration', 'apiKey', 'webhookEndpoint', 'lead', 'testScenario', 'testRun']);

/** The caller's own value for an absent optional id (the spec's "accountId falls back to the current account"). */
function ownValue(kind: TenantKind, caller: AuthUser): string | null {
  switch (kind) {
    case 'account': return caller.accountId;
    case 'self':
    case 'accountUser': return caller.id;
    case 'selfEmail': return caller.email;
    case 'agentNumber': return caller.agentNumber;
    default: return null;
  }
}

export type RequestParts = Record<TenantCheck['in'], unknown>;

/**
 * Runs an endpoint's tenant checks on the parsed request. A value owned by another account is
 * answered 404, not 403, so a caller cannot learn which ids exist elsewhere.
 */
export async function checkTenant(db: Db, checks: readonly TenantCheck[], parts: RequestParts, caller: AuthUser): Promise<void> {
  for (const check of checks) {
    const container = parts[check.in];
    if (typeof container !== 'object' || container === null) continue;
    const record = container as Record<string, unknown>;
    const value = record[check.key];
    if (value === undefined || value === null || value === '') {
      if (check.optional) {
        const own = ownValue(check.owns, caller);
        if (own !== null) record[check.key] = own;
      }
      continue;
    }
    if (caller.role === 'ADMINISTRATOR') continue;
    if (typeof value !== 'string') throw notFound();
    if (UUID_KINDS.has(check.owns) && !UUID.test(value)) throw notFound();
    const resolve = resolverOf(check.owns);
    // implement() stops this at compile time; refusing keeps a missed case closed, not open.
    if (resolve === undefined) throw new Error(`No tenant resolver for "${check.owns}"`);
    if ((await resolve(db, value, caller)) !== caller.accountId) throw notFound();
  }
}
