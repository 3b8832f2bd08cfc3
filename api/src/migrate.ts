// The one-shot migration command: applies pending migrations (and seeds when SEED_DEMO=true),
// then exits 0, or 1 with the reason. A deployment runs it before starting the API instances.
import { migrateAndSeed, openConfiguredDatabase, readConfigOrExit } from './startup';

const config = await readConfigOrExit();
const database = await openConfiguredDatabase(config);
const log = { info: (...args: unknown[]) => console.info(...args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a)))) };
try {
  await migrateAndSeed(config, database, log);
} catch (err) {
  console.error('migration failed:', err);
  process.exitCode = 1;
} finally {
  await database.close();
}
