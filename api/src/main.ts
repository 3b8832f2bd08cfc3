import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DEMO_SIGN_INS } from './db/demo-sign-ins';
import { seedIfEmpty } from './db/seed';
import { localTokenSecret } from './local-token-secret';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}

const config = readConfig();
// Beside an embedded database's folder; a server on PostgreSQL or in memory without TOKEN_SECRET
// keeps the per-start secret (sign-ins end with a restart).
if (!config.tokenSecretFromEnv && config.databaseUrl === undefined && !config.dataDir.startsWith('memory://')) {
  config.tokenSecret = await localTokenSecret(`${config.dataDir}.token-secret`);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, db: database.db });

const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
app.log.info(`database: ${where}`);
const seeded = await database.exclusive(async () => {
  await database.migrate();
  return config.seedDemo && (await seedIfEmpty(database.db));
});
if (seeded) {
  app.log.info({ signIns: DEMO_SIGN_INS.map(({ role, email, password }) => `${role} ${email} / ${password}`) }, 'seeded the demo data');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  // Close the server first so no request is mid-query when the database goes away
  // (PGlite must close cleanly or its data directory may need recovery).
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

const url = await app.listen({ port: config.port, host: config.host });
app.log.info(`API listening on ${url}/v1 (WebSocket ${url.replace(/^http/, 'ws')}/ws)`);
