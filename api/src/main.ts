import { buildApp } from './app';
import { migrateAndSeed, openConfiguredDatabase, readConfigOrExit } from './startup';

const config = await readConfigOrExit();
const database = await openConfiguredDatabase(config);
const app = await buildApp({ config, db: database.db });

const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
app.log.info(`database: ${where}`);
// In production the migration command runs before the instances start (see src/migrate.ts).
if (config.migrateOnStart) await migrateAndSeed(config, database, app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  // Past the deadline the process goes anyway, so an orchestrator's stop never hangs.
  setTimeout(() => {
    app.log.error(`requests still in flight after ${config.shutdownTimeoutSeconds} s: exiting`);
    process.exit(1);
  }, config.shutdownTimeoutSeconds * 1000).unref();
  // First the drain: no new connection, and each answer closes its connection, while the load
  // balancer closes its idle ones to this instance itself (its keepalive_timeout is shorter).
  // Then, with no request in flight, the rest can close without failing one.
  app.stopping.begin();
  if (config.shutdownDrainSeconds > 0) {
    app.log.info(`draining for ${config.shutdownDrainSeconds} s`);
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
  }
  await app.stopping.requestsDone();
  // app.close closes the sockets with "service restart", then stops the job queue and Redis. The
  // database closes last so nothing is mid-query when it goes (PGlite must close cleanly or its
  // folder needs recovery).
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

const url = await app.listen({ port: config.port, host: config.host });
app.log.info(`API listening on ${url}/v1 (WebSocket ${url.replace(/^http/, 'ws')}/ws)`);
