import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { DEMO_SIGN_INS } from './db/demo-sign-ins';
import { seedIfEmpty } from './db/seed';
import { localTokenSecret } from './local-token-secret';

/** The configuration from the environment; a bad one prints every problem and exits 1. */
export async function readConfigOrExit(): Promise<Config> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  // Beside an embedded database's folder; a server on PostgreSQL or in memory without TOKEN_SECRET
  // keeps the per-start secret (sign-ins end with a restart).
  if (!config.tokenSecretFromEnv && config.databaseUrl === undefined && !config.dataDir.startsWith('memory://')) {
    config.tokenSecret = await localTokenSecret(`${config.dataDir}.token-secret`);
  }
  return config;
}

export const openConfiguredDatabase = (config: Config): Promise<Database> =>
  openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

/** Applies pending migrations and seeds the demo data when configured, one instance at a time. */
export async function migrateAndSeed(config: Config, database: Database, log: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  const seeded = await database.exclusive(async () => {
    await database.migrate();
    return config.seedDemo && (await seedIfEmpty(database.db));
  });
  log.info('database migrations applied');
  if (seeded) {
    log.info({ signIns: DEMO_SIGN_INS.map(({ role, email, password }) => `${role} ${email} / ${password}`) }, 'seeded the demo data');
  }
}
