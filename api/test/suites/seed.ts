import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { DEMO_SIGN_INS } from '../../src/db/demo-sign-ins';
import { accounts, aiClients, calls, conversations } from '../../src/db/schema';
import { seedIfEmpty } from '../../src/db/seed';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

export function seedSuite(ctx: SuiteContext) {
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
  });
}
