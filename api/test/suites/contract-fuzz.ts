import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as v from 'valibot';
import {
  allEndpoints, inputRefusal, MAX_INPUT_NESTING, ROLES, type AnySchema, type EndpointDef, type Role, type TenantKind,
} from 'shared-contracts';
import { smsConversations } from '../../src/db/schema';
import {
  createAdmin, createAiAgent, createAiClientRow, createAppointment, createCall, createConversation, createIntegrationConnection, createLead,
  createTenant, missingId,
} from '../factories';
import { startServer, TEST_CONFIG, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

/**
 * Every endpoint of the contract table, tried as a hostile client would: without a token, with
 * each role it does not allow, with another tenant's real ids, and with input that breaks its
 * schema. No answer may be a 5xx, an input the contract refuses may never succeed, an id of
 * another account is never found, and no answer to one account carries another's data. A new
 * endpoint is covered by being in the table.
 */

type Kind = TenantKind;
interface Node { type: string; entries?: Record<string, Node>; options?: unknown[]; wrapped?: Node; item?: Node; literal?: unknown; pipe?: Node[] }

interface Tenant {
  ids: Partial<Record<Kind, string>>;
  tokens: Partial<Record<Role, string>>;
  /** Values of this tenant that must never appear in an answer to another account. */
  markers: string[];
}

async function tenantWorld(server: TestServer): Promise<Tenant> {
  const t = await createTenant(server);
  const db = server.db;
  const ai = await createAiAgent(db, { accountId: t.account.id });
  const phoneCall = await createCall(db, { accountId: t.account.id, callSid: `CA${missingId().replace(/-/g, '')}`, aiAgentId: ai.id });
  const conversation = await createConversation(db, { callId: phoneCall.id }, [{ authorType: 'lead', content: `Secret of ${t.account.name}` }]);
  const lead = await createLead(db, { accountId: t.account.id });
  const appointment = await createAppointment(db, { accountId: t.account.id, leadId: lead.id });
  const [sms] = await db.insert(smsConversations).values({ accountId: t.account.id, agentNumber: t.agent.agentNumber!, leadNumber: lead.phoneNumber }).returning();
  const integration = await createIntegrationConnection(db, { accountId: t.account.id });
  const key = await fetch(`${server.origin}/v1/api-key/create`, {
    method: 'POST', headers: { authorization: `Bearer ${t.ownerToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Fuzz key' }),
  }).then((r) => r.json() as Promise<{ data: { id: string } }>);
  const checkout = await fetch(`${server.origin}/v1/billing/create-checkout-session`, {
    method: 'POST', headers: { authorization: `Bearer ${t.ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ planId: 'efficiency-plus', billingPeriod: 'monthly' }),
  }).then((r) => r.json() as Promise<{ data?: { sessionId: string } }>);
  // Its deliveries go nowhere: nothing listens on the discard port.
  const webhook = await fetch(`${server.origin}/v1/webhook/create`, {
    method: 'POST', headers: { authorization: `Bearer ${t.ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'http://127.0.0.1:9/hooks', events: ['call.completed'] }),
  }).then((r) => r.json() as Promise<{ data: { endpoint: { id: string } } }>);
  return {
    ids: {
      account: t.account.id, self: t.owner.id, accountUser: t.agent.id, selfEmail: t.owner.email, agentNumber: t.agent.agentNumber!,
      aiAgent: ai.id, call: phoneCall.id, callSid: phoneCall.callSid!, conversation: conversation.id, smsConversation: sms!.id,
      appointment: appointment.id, apiKey: key.data.id, integration: integration.id, webhookEndpoint: webhook.data.endpoint.id, lead: lead.id,
      ...(checkout.data ? { checkoutSession: checkout.data.sessionId } : {}),
    },
    tokens: { USER: t.ownerToken, AGENT: t.agentToken },
    markers: [t.account.id, t.account.name, t.owner.id, t.owner.email, t.agent.id, t.agent.email, ai.id, phoneCall.id, lead.phoneNumber, `Secret of ${t.account.name}`],
  };
}

/** A value the schema accepts, or undefined when none of the tries fit (the request is then refused, which is also checked). */
function sample(schema: Node, key: string, ids: Partial<Record<Kind, string>>, idKinds: Map<string, Kind>): unknown {
  const kind = idKinds.get(key);
  if (kind !== undefined && ids[kind] !== undefined) return ids[kind];
  const fits = (value: unknown) => v.safeParse(schema as unknown as AnySchema, value).success;
  switch (schema.type) {
    case 'optional': case 'nullish': case 'exact_optional': return undefined;
    case 'nullable': return sample(schema.wrapped!, key, ids, idKinds);
    case 'object': case 'loose_object': case 'strict_object': {
      const out: Record<string, unknown> = {};
      for (const [k, entry] of Object.entries(schema.entries ?? {})) {
        const value = sample(entry, k, ids, idKinds);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'picklist': return schema.options?.[0];
    case 'literal': return schema.literal;
    case 'union': case 'variant': {
      for (const option of (schema.options ?? []) as Node[]) {
        const value = sample(option, key, ids, idKinds);
        if (value !== undefined && fits(value)) return value;
      }
      return undefined;
    }
    case 'array': {
      const item = sample(schema.item!, key, ids, idKinds);
      return item === undefined ? [] : [item];
    }
    default: {
      const tries = [
        'Sample text', 'fuzz@example.com', '+15555550123', '(555) 555-0123', '2026-01-05', '09:00', 'America/New_York', 'https://example.com',
        missingId(), 'Passw0rd-123', 'mon', 1, 5, 15, 30, true, false,
      ];
      return tries.find(fits);
    }
  }
}

/** Arrays `depth` deep around a string, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

/** Values that each break a field in a different way. */
const BAD_VALUES: Array<[string, unknown]> = [
  ['a number', 12345], ['an object', { nested: true }], ['an array', ['x']], ['a boolean', true], ['null', null],
  ['an empty string', ''], ['NUL', 'a\u0000b'], ['a control character', 'bell\u0007'], ['a lone surrogate', '\ud800'],
  ['a huge number', 1e308], ['a negative number', -1], ['a long string', 'x'.repeat(20_000)],
  // Counting the body's own object, one level past the bound.
  ['arrays one level too deep', nested(MAX_INPUT_NESTING)],
];

/** A body nested far past any bound, written as text (JSON.stringify overflows the call stack on it). */
const DEEP_BODY = `{"x":${'['.repeat(12_000)}${']'.repeat(12_000)}}`;

/** A path segment as sent; text no URL can carry (a lone surrogate) goes as the invalid UTF-8 bytes it would be. */
const encodeSegment = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

interface Tally { tried: number; refused: number; endpoints: number; acceptedSamples: number; serverErrors: string[]; wrongSuccesses: string[]; leaks: string[] }

export function contractFuzzSuite(ctx: SuiteContext) {
  describe('contract table under hostile requests', () => {
    let server: TestServer;
    let mine: Tenant;
    let theirs: Tenant;
    let adminTarget: Tenant;
    let adminToken: string;
    const tally: Tally = { tried: 0, refused: 0, endpoints: 0, acceptedSamples: 0, serverErrors: [], wrongSuccesses: [], leaks: [] };

    before(async () => {
      // Its own server: thousands of refused sign-ins and emails must not count against the shared one's limits.
      server = await startServer(ctx.server.db, {
        authRateLimits: { ...TEST_CONFIG.authRateLimits, failuresPerAccount: 1e6, failuresPerIp: 1e6, emailsPerAddress: 1e6, emailsPerIp: 1e6 },
      });
      [mine, theirs, adminTarget] = [await tenantWorld(server), await tenantWorld(server), await tenantWorld(server)];
      adminToken = (await createAdmin(server)).token;
      const client = await createAiClientRow(server.db);
      for (const world of [mine, theirs, adminTarget]) world.ids.aiClient = client.id;
    });
    after(() => server.close());

    type Send = { method: string; path: string; token?: string; body?: string; contentType?: string; query?: string };
    const send = async (what: string, request: Send, expect: 'refused' | 'any' | number, account: Tenant | null) => {
      const headers: Record<string, string> = {};
      if (request.token) headers.authorization = `Bearer ${request.token}`;
      if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
      const url = `${server.origin}/v1/${request.path}${request.query ? `?${request.query}` : ''}`;
      const response = await fetch(url, { method: request.method, headers, body: request.body });
      const text = await response.text();
      tally.tried += 1;
      const status = response.status;
      if (status >= 400 && status < 500) tally.refused += 1;
      if (status >= 500) tally.serverErrors.push(`${what}: ${status} ${text.slice(0, 200)}`);
      else if (expect === 'refused' && status < 400) tally.wrongSuccesses.push(`${what}: ${status}`);
      else if (typeof expect === 'number' && status !== expect) tally.wrongSuccesses.push(`${what}: ${status}, expected ${expect}`);
      if (account !== null) {
        for (const other of [mine, theirs, adminTarget]) {
          if (other === account) continue;
          const leaked = other.markers.find((marker) => text.includes(marker));
          if (leaked !== undefined) tally.leaks.push(`${what}: ${leaked}`);
        }
      }
    };

    const endpoints = () => allEndpoints()
      // Signing out ends the session every other request uses: it goes last.
      .sort((a, b) => Number(a.def.path.includes('logout')) - Number(b.def.path.includes('logout')));

    /** The request an allowed caller of `world` would send, and whether the contract accepts it. */
    const requestFor = (def: EndpointDef, world: Tenant) => {
      const idKinds = new Map(def.tenant.map((check) => [check.key, check.owns] as const));
      const part = (schema: AnySchema | undefined) => (schema === undefined ? undefined : sample(schema as unknown as Node, '', world.ids, idKinds) as Record<string, unknown> | undefined);
      const params = part(def.params) ?? {};
      const query = part(def.query) ?? {};
      const body = def.body === undefined ? undefined : (part(def.body) ?? {});
      const valid = (['params', 'query', 'body'] as const).every((p) => def[p] === undefined || v.safeParse(def[p]!, { params, query, body }[p]).success);
      return { params, query, body, valid };
    };

    /** The URL path and query as sent: a path value goes in as given, even an empty or hostile one. */
    const build = (def: EndpointDef, parts: { params: Record<string, unknown>; query: Record<string, unknown> }) => {
      const path = def.path.trim().replace(/^\//, '').replace(/\{(\w+)\}/g, (_m, name: string) => encodeSegment(String(parts.params[name] ?? '')));
      const query = new URLSearchParams(Object.entries(parts.query).map(([k, val]) => [k, String(val)] as [string, string])).toString();
      return { path, query };
    };

    it('answers every endpoint without a token with 401, and with a role it does not allow with 403', async () => {
      for (const { domain, key, def } of endpoints()) {
        if (def.roles === 'public' || def.multipart) continue;
        const { params, query, body } = requestFor(def, mine);
        const target = { method: def.method, ...build(def, { params, query }), body: body === undefined ? undefined : JSON.stringify(body) };
        await send(`${domain}.${key} without a token`, target, 401, null);
        for (const role of ROLES) {
          if (def.roles.includes(role)) continue;
          const token = role === 'ADMINISTRATOR' ? adminToken : mine.tokens[role];
          await send(`${domain}.${key} as ${role}`, { ...target, token }, 403, role === 'ADMINISTRATOR' ? null : mine);
        }
      }
    });

    it('answers another account\'s real ids as not found, on every endpoint that takes one', async () => {
      for (const { domain, key, def } of endpoints()) {
        if (def.roles === 'public' || def.multipart) continue;
        const role = def.roles.find((r) => r !== 'ADMINISTRATOR');
        if (role === undefined) continue;
        for (const check of def.tenant) {
          const foreign = theirs.ids[check.owns];
          // AI clients are shared by every account: there is no other account's one.
          if (check.owns === 'aiClient' || foreign === undefined) continue;
          const request = requestFor(def, mine);
          if (check.in === 'body') request.body ??= {};
          request[check.in]![check.key] = foreign;
          const { path, query } = build(def, request);
          const body = request.body === undefined ? undefined : JSON.stringify(request.body);
          const expect = request.valid ? 404 : 'refused';
          await send(`${domain}.${key} with another account's ${check.owns}`, { method: def.method, path, query, body, token: mine.tokens[role] }, expect, mine);
        }
      }
    });

    it('refuses input the contract refuses, on every endpoint, without a 5xx', async () => {
      for (const { domain, key, def } of endpoints()) {
        if (def.multipart) continue;
        const role = def.roles === 'public' ? null : (def.roles.find((r) => r !== 'ADMINISTRATOR') ?? 'ADMINISTRATOR');
        const world = role === 'ADMINISTRATOR' ? adminTarget : mine;
        const token = role === null ? undefined : role === 'ADMINISTRATOR' ? adminToken : mine.tokens[role];
        const account = role === 'ADMINISTRATOR' ? null : world;
        const base = requestFor(def, world);
        tally.endpoints += 1;
        if (base.valid) tally.acceptedSamples += 1;
        const name = `${domain}.${key}`;
        const tryParts = async (label: string, params: Record<string, unknown>, query: Record<string, unknown>, body: unknown, raw?: string, contentType?: string) => {
          const inputs = { params, query, body };
          const refused = raw !== undefined
            || (['params', 'query', 'body'] as const).some((p) => def[p] !== undefined && (
              inputRefusal(inputs[p]) !== null || (Array.isArray(inputs[p]) && def[p]!.type === 'object') || !v.safeParse(def[p]!, inputs[p]).success));
          const { path, query: qs } = build(def, { params, query });
          const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
          await send(`${name} ${label}`, { method: def.method, path, query: qs, body: payload, contentType, token }, refused ? 'refused' : 'any', account);
        };
        for (const part of ['params', 'query', 'body'] as const) {
          const schema = def[part] as unknown as Node | undefined;
          if (schema === undefined) continue;
          const fields = Object.keys(schema.entries ?? {});
          const current = () => ({ params: { ...base.params }, query: { ...base.query }, body: base.body === undefined ? undefined : { ...base.body } });
          for (const field of fields) {
            for (const [label, value] of BAD_VALUES) {
              // A path or query value is text: only text breaks it there.
              if (part !== 'body' && typeof value !== 'string') continue;
              const inputs = current();
              (inputs[part] as Record<string, unknown>)[field] = value;
              await tryParts(`${part}.${field} as ${label}`, inputs.params, inputs.query, inputs.body);
            }
            if (part === 'body') {
              const inputs = current();
              delete (inputs.body as Record<string, unknown>)[field];
              await tryParts(`body without ${field}`, inputs.params, inputs.query, inputs.body);
            }
          }
          if (part === 'body') {
            await tryParts('body with an unknown field', base.params, base.query, { ...base.body, notAField: 'x' });
            await tryParts('body as an array', base.params, base.query, [base.body]);
            await tryParts('body as malformed JSON', base.params, base.query, undefined, '{"oops": ');
            await tryParts('body nested 12,000 deep', base.params, base.query, undefined, DEEP_BODY);
            await tryParts('body as text', base.params, base.query, undefined, 'plain words', 'text/plain');
            await tryParts('body as a form', base.params, base.query, undefined, 'a=1&b=2', 'application/x-www-form-urlencoded');
          }
        }
      }
    });

    it('adds up to no 5xx, no wrong success and no other account\'s data in any answer', () => {
      const summary = `tried ${tally.tried} requests on ${tally.endpoints} endpoints (${tally.acceptedSamples} with a well-formed base request), `
        + `refused ${tally.refused}, 5xx ${tally.serverErrors.length}`;
      if (process.env.FUZZ_REPORT) process.stdout.write(`# contract fuzz on ${ctx.target}: ${summary}\n`);
      assert.ok(tally.tried > 2_000, summary);
      assert.deepEqual(tally.serverErrors, [], summary);
      assert.deepEqual(tally.wrongSuccesses, [], summary);
      assert.deepEqual(tally.leaks, [], summary);
    });
  });
}
