import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { count, eq, inArray } from 'drizzle-orm';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from '../../src/db/demo-sign-ins';
import { accounts, aiClients, calls, conversationMessages, conversations } from '../../src/db/schema';
import { seedIfEmpty } from '../../src/db/seed';
import { isAudio, playRecording } from '../helpers/recordings';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

export function seedSuite(ctx: SuiteContext) {
  /** Each answered demo call's lines, by conversation, for one demo account. */
  async function demoTranscripts(accountName: string): Promise<Map<string, string[]>> {
    const db = ctx.server.db;
    await seedIfEmpty(db);
    const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, accountName));
    const rows = await db.select({ conversationId: conversationMessages.conversationId, content: conversationMessages.content })
      .from(conversationMessages)
      .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
      .where(inArray(conversations.callId, db.select({ id: calls.id }).from(calls).where(eq(calls.accountId, account!.id))));
    const byConversation = new Map<string, string[]>();
    for (const row of rows) byConversation.set(row.conversationId, [...(byConversation.get(row.conversationId) ?? []), row.content]);
    return byConversation;
  }

  describe('demo seed', () => {
    it('seeds an empty database once, and every demo sign-in works', async () => {
      const db = ctx.server.db;
      assert.equal(await seedIfEmpty(db), true);
      assert.equal(await seedIfEmpty(db), false, 'a database with accounts is left alone');
      for (const signIn of DEMO_SIGN_INS) {
        const res = await call(ctx.server, 'POST', '/auth/login', { body: { email: signIn.email, password: signIn.password } });
        assert.equal(res.status, 200, signIn.email);
        assert.equal(res.body.data.user.role, signIn.role);
      }
      const [acme] = await db.select().from(accounts).where(eq(accounts.name, 'Acme Dental'));
      const [callCount] = await db.select({ n: count() }).from(calls).where(eq(calls.accountId, acme!.id));
      assert.equal(callCount?.n, 60);
      const [withRecording] = await db.select({ n: count() }).from(conversations);
      assert.ok((withRecording?.n ?? 0) > 20);
      const clients = await db.select().from(aiClients);
      assert.deepEqual(clients.map((c) => `${c.type}/${c.provider}`).sort(), ['AI Client/OpenAI', 'STT Client/Deepgram', 'TTS Client/Elevenlabs']);
      assert.ok(clients.every((c) => c.credentialsCiphertext === null), 'demo clients carry no credentials');
    });

    it('the demo dental practice\'s calls speak of teeth and visits, not of houses for sale', async () => {
      const transcripts = await demoTranscripts('Acme Dental');
      assert.ok(transcripts.size > 20);
      for (const [conversationId, lines] of transcripts) {
        const text = lines.join(' ');
        assert.doesNotMatch(text, /maple street|house|listing|viewing|realty/i, conversationId);
        assert.match(text, /dental|dentist|teeth|tooth|cleaning|hygienist|checkup|filling/i, conversationId);
      }
      for (const lines of (await demoTranscripts('Globex Realty')).values()) {
        assert.doesNotMatch(lines.join(' '), /dental|dentist|teeth|tooth/i);
      }
    });

    it('a demo call\'s recording plays from the call logs and from the call\'s report', async () => {
      await seedIfEmpty(ctx.server.db);
      const token = (await call(ctx.server, 'POST', '/auth/login', { body: { email: 'user@demo.test', password: DEMO_PASSWORD } })).body.data.token;
      const logs = await call(ctx.server, 'POST', 'call/get-call-logs', { token, body: { limit: 50 } });
      const recorded = (logs.body.data as Array<{ id: string; conversation: { recordingUrl: string | null } | null }>)
        .find((c) => c.conversation?.recordingUrl);
      assert.ok(recorded, 'a demo call has a recording');
      const report = await call(ctx.server, 'GET', `call/get-call-reports/${recorded.id}`, { token });
      for (const link of [recorded.conversation!.recordingUrl!, report.body.data.call.conversation.recordingUrl]) {
        const played = await playRecording(ctx.server, link);
        assert.equal(played.status, 200, link);
        assert.equal(played.headers.get('content-type'), 'audio/mpeg');
        assert.ok(isAudio(played.bytes), 'the body is audio');
      }
    });

    it('the demo desk report has callers answered, abandoned, handed over by the AI and wrapped up', async () => {
      await seedIfEmpty(ctx.server.db);
      const token = (await call(ctx.server, 'POST', '/auth/login', { body: { email: 'user@demo.test', password: DEMO_PASSWORD } })).body.data.token;
      const res = await call(ctx.server, 'POST', 'desk/get-desk-report', { token, body: {} });
      assert.equal(res.status, 200);
      const { totals, byAgent, dispositions } = res.body.data;
      assert.ok(totals.answered > 0 && totals.abandoned > 0, JSON.stringify(totals));
      assert.ok(totals.handedOver > 0 && totals.handedOverAnswered > 0, JSON.stringify(totals));
      assert.ok(totals.averageWaitSeconds > 0 && totals.averageHandleSeconds > totals.averageWaitSeconds, JSON.stringify(totals));
      assert.ok(byAgent.length > 0 && byAgent.every((a: { answered: number }) => a.answered > 0));
      assert.ok(dispositions.some((d: { disposition: string | null }) => d.disposition === 'Resolved'));
    });
  });
}
