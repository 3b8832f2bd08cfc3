import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import type { Database } from '../src/db/client';
import { accounts, smsConversations } from '../src/db/schema';
import { MIGRATIONS_FOLDER } from '../src/paths';
import { databaseTargets } from './helpers/databases';

interface Journal { entries: Array<{ tag: string }> }

/** A copy of the migrations folder that stops before `tag`: the database as an older release left it. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'api-migrations-'));
  await cp(fileURLToPath(MIGRATIONS_FOLDER), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  assert.ok(at > 0, `no migration ${tag}`);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

async function migrateWith(database: Database, migrationsFolder: string): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the driver's own database type
    await migrate(database.db as any, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the driver's own database type
    await migrate(database.db as any, { migrationsFolder });
  }
}

for (const target of await databaseTargets()) {
  describe(`migrations on ${target.name}`, { skip: target.skip }, () => {
    const folders: string[] = [];
    after(() => Promise.all(folders.map((f) => rm(f, { recursive: true, force: true }))));

    it('SMS threads an existing database holds become their account\'s, and another account may then thread the same numbers', async () => {
      const folder = await migrationsBefore('0023_sms-threads-belong-to-an-account');
      folders.push(folder);
      const database = await target.open({ migrate: false });
      try {
        await migrateWith(database, folder);
        const { db } = database;
        const [first, second] = await db.insert(accounts).values([{ name: 'First' }, { name: 'Second' }]).returning();
        const numbers = { agentNumber: '+15550001001', leadNumber: '+15550002002' };
        const held = await db.insert(smsConversations).values([
          { accountId: first!.id, ...numbers },
          { accountId: first!.id, agentNumber: numbers.agentNumber, leadNumber: '+15550002003' },
        ]).returning();

        await database.migrate();
        assert.deepEqual((await db.select().from(smsConversations)).map((t) => t.id).sort(), held.map((t) => t.id).sort());
        await db.insert(smsConversations).values({ accountId: second!.id, ...numbers });
        await assert.rejects(db.insert(smsConversations).values({ accountId: first!.id, ...numbers }));
      } finally {
        await database.close();
      }
    });
  });
}
