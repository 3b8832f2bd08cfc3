import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CALLING_UNAVAILABLE_TEXT, SOCKET_CLOSE_SERVER_RESTART } from 'shared-contracts';
import { DEFAULT_AUTH_RATE_LIMITS, loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from '../../src/db/demo-sign-ins';
import { SIMULATOR_CHECKOUT_BASE } from '../../src/modules/billing/simulator-payment-provider';
import { SIMULATOR_PORTAL_BASE } from '../../src/modules/billing/simulator-portal-session';
import { LOCAL_CONSENT_PATH } from '../../src/modules/integrations/connector';
import { SIMULATOR_HTTP_BASE } from '../../src/modules/telephony/simulator-routes';
import { createTenant } from '../factories';
import { call, startServer, type TestServer } from '../helpers/server';
import { openSocket } from '../helpers/sockets';
import type { SuiteContext } from '../helpers/suite-context';
import { redisSkipReason, TEST_REDIS_URL } from '../helpers/redis';
import { waitFor } from '../helpers/wait-for';

const API_DIR = fileURLToPath(new URL('../../', import.meta.url));
const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  TOKEN_SECRET: 'a-production-secret-long-enough-0123456789',
  CREDENTIALS_KEY: 'a-production-credentials-key-long-enough-0123',
};

const DEV_ROUTES: Array<['GET' | 'POST', string]> = [
  ['GET', '/v1/dev/outbox'],
  ['GET', `${SIMULATOR_CHECKOUT_BASE}/any-session`],
  ['POST', `${SIMULATOR_CHECKOUT_BASE}/any-session/pay`],
  ['GET', SIMULATOR_PORTAL_BASE],
  ['POST', `${SIMULATOR_HTTP_BASE}/inbound-call`],
  ['POST', `${SIMULATOR_HTTP_BASE}/inbound-sms`],
  ['GET', `${LOCAL_CONSENT_PATH}?provider=google`],
];

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Starts dist/main.js with `node` alone and resolves once it listens, with its origin. */
function startBuilt(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['dist/main.js'], { cwd: API_DIR, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /API listening on (http:\/\/[^/\s]+)\/v1/.exec(output);
      if (match) resolve({ child, origin: match[1]!, exited });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`the built API exited with ${code}: ${output}`)));
  });
}

export function productionSuite(ctx: SuiteContext) {
  describe('production mode', () => {
    it('no development route (outbox, simulators, simulated checkout and consent) exists in production', async () => {
      const production = await startServer(ctx.server.db, { nodeEnv: 'production', devOutbox: false });
      try {
        for (const [method, path] of DEV_ROUTES) {
          const res = await fetch(`${production.origin}${path}`, { method });
          assert.equal(res.status, 404, `${method} ${path} in production`);
        }
        // The same routes exist in development, so the 404s above are the production rule.
        const res = await fetch(`${ctx.server.origin}${SIMULATOR_HTTP_BASE}/inbound-call`, { method: 'POST' });
        assert.notEqual(res.status, 404);
      } finally {
        await production.close();
      }
    });

    it('without a Twilio account, the softphone is told calling is not set up rather than handed a token nothing answers', async () => {
      const tenant = await createTenant(ctx.server);
      const production = await startServer(ctx.server.db, { nodeEnv: 'production', devOutbox: false });
      try {
        const refused = await call(production, 'POST', 'call/generate-token', { token: tenant.agentToken, body: { identity: tenant.agent.email } });
        assert.equal(refused.status, 503);
        assert.equal(refused.body.message, CALLING_UNAVAILABLE_TEXT);
        // Development keeps the simulator's token, so a fresh clone can call.
        const dev = await call(ctx.server, 'POST', 'call/generate-token', { token: tenant.agentToken, body: { identity: tenant.agent.email } });
        assert.equal(dev.status, 200);
        assert.equal(dev.body.data.provider, 'simulator');
      } finally {
        await production.close();
      }
    });

    it('migrates on start in development only; production leaves it to the migrate command', () => {
      assert.equal(loadConfig({}).migrateOnStart, true);
      assert.equal(loadConfig(PRODUCTION_ENV).migrateOnStart, false);
      assert.equal(loadConfig({ ...PRODUCTION_ENV, MIGRATE_ON_START: 'true' }).migrateOnStart, true);
    });

    it('behind a trusted load balancer, sign-in limits count each caller apart, not the balancer', async () => {
      const behind = await startServer(ctx.server.db, {
        trustProxy: ['loopback'],
        authRateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, failuresPerIp: 2, failuresPerAccount: 100 },
      });
      const login = (caller: string) => fetch(`${behind.origin}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': caller },
        body: JSON.stringify({ email: `nobody-${randomBytes(4).toString('hex')}@example.com`, password: 'wrong-password-1' }),
      }).then((r) => r.status);
      try {
        assert.deepEqual([await login('203.0.113.7'), await login('203.0.113.7')], [401, 401]);
        assert.equal(await login('203.0.113.7'), 429);
        assert.equal(await login('203.0.113.8'), 401);
      } finally {
        await behind.close();
      }
      assert.throws(() => loadConfig({ TRUST_PROXY: 'everyone!' }), /TRUST_PROXY/);
    });

    it('readiness answers ready while the database answers', async () => {
      const res = await call(ctx.server, 'GET', 'ready');
      assert.deepEqual([res.status, res.body], [200, { data: { status: 'ready' } }]);
    });

    it('readiness answers 503 with the reason once the database stops answering, while liveness still answers', { skip: ctx.target !== 'postgres' && 'one real database outage is enough' }, async () => {
      const name = `api_ready_${randomBytes(6).toString('hex')}`;
      await adminQuery(`create database ${name}`);
      const database = await openDatabase({ databaseUrl: databaseUrl(name), dataDir: 'unused' });
      let server: TestServer | undefined;
      try {
        await database.migrate();
        server = await startServer(database.db);
        assert.equal((await call(server, 'GET', 'ready')).status, 200);
        await adminQuery(`drop database ${name} with (force)`);
        const res = await call(server, 'GET', 'ready');
        assert.equal(res.status, 503);
        assert.equal(res.body.data.status, 'unavailable');
        assert.match(res.body.data.problems[0], /^database: /);
        assert.equal((await call(server, 'GET', 'health')).status, 200);
      } finally {
        await server?.close().catch(() => undefined);
        await database.close().catch(() => undefined);
        await adminQuery(`drop database if exists ${name} with (force)`);
      }
    });
  });

  describe('instances starting together', () => {
    it('several instances starting at once on a new database all start (the job queues are created once)', { skip: ctx.target !== 'postgres' && 'separate processes share PostgreSQL, not an embedded database', timeout: 60_000 }, async () => {
      for (let round = 0; round < 3; round += 1) {
        const name = `api_start_${randomBytes(6).toString('hex')}`;
        await adminQuery(`create database ${name}`);
        const databases = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: databaseUrl(name), dataDir: 'unused' })));
        const servers: TestServer[] = [];
        try {
          await databases[0]!.migrate();
          const started = await Promise.allSettled(databases.map((d) => startServer(d.db)));
          for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
          assert.deepEqual(started.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started')), ['started', 'started', 'started']);
        } finally {
          await Promise.all(servers.map((server) => server.close().catch(() => undefined)));
          await Promise.all(databases.map((d) => d.close().catch(() => undefined)));
          await adminQuery(`drop database if exists ${name} with (force)`);
        }
      }
    });
  });

  describe('readiness with Redis', () => {
    let skip: string | undefined;
    before(async () => {
      skip = await redisSkipReason();
    });

    it('answers 503 naming Redis once Redis stops answering', async (t) => {
      if (skip) return t.skip(skip);
      // The way to Redis, which the test can cut: a TCP relay to the real server.
      const target = new URL(TEST_REDIS_URL);
      const open = new Set<Socket>();
      const relay = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          open.add(s);
          s.on('error', () => undefined);
          s.on('close', () => open.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
      const port = (relay.address() as { port: number }).port;
      const server = await startServer(ctx.server.db, { redisUrl: `redis://127.0.0.1:${port}` });
      try {
        assert.equal((await call(server, 'GET', 'ready')).status, 200);
        relay.close();
        for (const s of open) s.destroy();
        const res = await call(server, 'GET', 'ready');
        assert.equal(res.status, 503);
        assert.ok(res.body.data.problems.some((p: string) => p.startsWith('redis: ')), JSON.stringify(res.body));
        assert.equal((await call(server, 'GET', 'health')).status, 200);
      } finally {
        await Promise.race([server.close(), new Promise((resolve) => setTimeout(resolve, 3_000))]);
      }
    });
  });

  describe('production artifact', { skip: ctx.target !== 'postgres' && 'runs against PostgreSQL, as a deployment does' }, () => {
    const name = `api_built_${randomBytes(6).toString('hex')}`;
    let env: Record<string, string>;
    before(async () => {
      const build = spawnSync(process.execPath, ['build.mjs'], { cwd: API_DIR, encoding: 'utf8' });
      assert.equal(build.status, 0, build.stderr);
      await adminQuery(`create database ${name}`);
      env = { ...PRODUCTION_ENV, DATABASE_URL: databaseUrl(name), PORT: '0', LOG_LEVEL: 'info', SEED_DEMO: 'true', CORS_ORIGINS: 'http://localhost:3000' };
    });
    after(() => adminQuery(`drop database if exists ${name} with (force)`));

    it('the migrate command applies the migrations and the seed, then exits', () => {
      const run = spawnSync(process.execPath, ['dist/migrate.js'], { cwd: API_DIR, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 60_000 });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /database migrations applied/);
    });

    it('the built API runs with node alone, and on SIGTERM finishes the request in flight, refuses new connections and tells sockets to reconnect', async () => {
      const { child, origin, exited } = await startBuilt(env);
      try {
        const server = { origin } as TestServer;
        assert.equal((await call(server, 'GET', 'health')).status, 200);
        assert.equal((await call(server, 'GET', 'ready')).status, 200);
        assert.equal((await fetch(`${origin}/v1/dev/outbox`)).status, 404);

        const login = await call(server, 'POST', 'auth/login', { body: { email: DEMO_SIGN_INS[0]!.email, password: DEMO_PASSWORD } });
        assert.equal(login.status, 200);
        const socket = openSocket(server, { token: login.body.data.token as string, accountId: login.body.data.user.accountId as string });
        await new Promise<void>((resolve) => socket.socket.once('open', () => resolve()));

        // A request in flight: its body arrives in two parts, the second after the signal.
        const port = Number(new URL(origin).port);
        const body = JSON.stringify({ email: DEMO_SIGN_INS[0]!.email, password: DEMO_PASSWORD });
        const slow = connect(port, '127.0.0.1');
        let answer = '';
        slow.on('data', (chunk) => (answer += chunk.toString()));
        const answered = new Promise<void>((resolve) => slow.once('end', () => resolve()));
        await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
        slow.write(`POST /v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));

        child.kill('SIGTERM');
        assert.equal((await socket.closed).code, SOCKET_CLOSE_SERVER_RESTART);
        const refused = await waitFor(() => new Promise<boolean>((resolve) => {
          const probe = connect(port, '127.0.0.1');
          probe.once('connect', () => { probe.destroy(); resolve(false); });
          probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
        }), (r) => r);
        assert.ok(refused, 'new connections are still accepted');
        assert.equal(child.exitCode, null, 'the process waits for the request in flight');

        slow.write(body.slice(10));
        await answered;
        assert.match(answer, /^HTTP\/1\.1 200 /);
        assert.match(answer, /"token"/);
        assert.equal(await exited, 0);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    });
  });
}
