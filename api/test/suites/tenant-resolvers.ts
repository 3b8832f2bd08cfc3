import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conversations, smsConversations } from '../../src/db/schema';
import type { TenantKind } from 'shared-contracts';
import { checkTenant } from '../../src/http/tenant';
import type { AuthUser } from '../../src/http/implement';
import { toSessionUser } from '../../src/modules/users/session-user';
import { createAccount, createAiAgent, createCall, createLead, createUser, missingId, uniquePhone } from '../factories';
import type { SuiteContext } from '../helpers/suite-context';

/** The tenant resolvers future endpoints rely on, checked directly against rows of two accounts. */
export function tenantResolversSuite(ctx: SuiteContext) {
  describe('tenant resolvers', () => {
    it('pass ids of the caller\'s account and refuse other accounts\' and unknown ones with 404', async () => {
      const db = ctx.server.db;
      const make = async () => {
        const account = await createAccount(db);
        const agent = await createUser(db, { accountId: account.id, role: 'AGENT' });
        const ai = await createAiAgent(db, { accountId: account.id });
        const phoneCall = await createCall(db, { accountId: account.id, callSid: `CA${missingId().replace(/-/g, '')}` });
        const [conversation] = await db.insert(conversations).values({ callId: phoneCall.id }).returning();
        const [sms] = await db.insert(smsConversations)
          .values({ accountId: account.id, agentNumber: agent.agentNumber!, leadNumber: uniquePhone() }).returning();
        const lead = await createLead(db, { accountId: account.id });
        const caller: AuthUser = { ...toSessionUser(agent), sessionId: missingId() };
        const ids: Partial<Record<TenantKind, string>> = {
          account: account.id, self: agent.id, selfEmail: agent.email, accountUser: agent.id, agentNumber: agent.agentNumber!,
          aiAgent: ai.id, call: phoneCall.id, callSid: phoneCall.callSid!, conversation: conversation!.id, smsConversation: sms!.id,
          lead: lead.id,
        };
        return { caller, ids };
      };
      const mine = await make();
      const theirs = await make();
      const check = (kind: TenantKind, value: string) =>
        checkTenant(db, [{ in: 'params', key: 'id', owns: kind }], { params: { id: value }, query: undefined, body: undefined }, mine.caller);

      for (const [kind, value] of Object.entries(mine.ids) as Array<[TenantKind, string]>) {
        await assert.doesNotReject(check(kind, value), kind);
        await assert.rejects(check(kind, theirs.ids[kind]!), { statusCode: 404 }, `${kind} of another account`);
      }
      for (const kind of ['aiAgent', 'call', 'conversation', 'smsConversation', 'appointment', 'aiClient', 'lead'] as const) {
        await assert.rejects(check(kind, missingId()), { statusCode: 404 }, `unknown ${kind}`);
      }
      await assert.rejects(check('call', 'not-a-uuid'), { statusCode: 404 });
    });

    it('fills an absent optional id with the caller\'s own, and leaves a whenPresent one absent', async () => {
      const account = await createAccount(ctx.server.db);
      const user = await createUser(ctx.server.db, { accountId: account.id, role: 'USER' });
      const caller: AuthUser = { ...toSessionUser(user), sessionId: missingId() };
      const query: Record<string, unknown> = {};
      const body: Record<string, unknown> = {};
      await checkTenant(ctx.server.db, [
        { in: 'query', key: 'accountId', owns: 'account', optional: true },
        { in: 'body', key: 'aiAgentId', owns: 'aiAgent', whenPresent: true },
      ], { params: undefined, query, body }, caller);
      assert.deepEqual(query, { accountId: account.id });
      assert.deepEqual(body, {});
    });
  });
}
