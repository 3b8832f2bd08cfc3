import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Db } from '../../src/db/client';
import { fakeCalendars } from './fake-calendars';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  /** http://127.0.0.1:<port> */
  origin: string;
  close(): Promise<void>;
}

/**
 * Google Calendar and Microsoft Graph for every server of the process: any instance on a database
 * may work a calendar-sync job, so all of them send to this one fake. It never holds the process open.
 */
export const calendarApis = await fakeCalendars({ unref: true });
/** How long the fake calendars may take to answer before an attempt is recorded as failed. */
export const CALENDAR_TIMEOUT_MS = 1_500;

export const TEST_CONFIG: Config = {
  ...loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    TOKEN_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123',
  }),
  calendarApis: { googleUrl: calendarApis.url, microsoftGraphUrl: calendarApis.url, timeoutMs: CALENDAR_TIMEOUT_MS },
  // Every instance on the test database may work a campaign's dialing: all of them look often,
  // retry quickly and call at any hour (the calling-hours rule is tested on the claim itself).
  campaignPacing: { maxConcurrentCalls: 3, callsPerMinute: 10, tickSeconds: 1, retryDelaySeconds: 1, anyHour: true },
  // Tests leave AI calls unfinished on purpose; the ones about the sweep run it themselves.
  unfinishedCallSweepMs: null,
  // The tests about period ends close them themselves, at the moment they choose.
  billingPeriodCheckMs: null,
};

/** The real app on a real port; `configure` may add routes before it starts (e.g. one that throws). */
export async function startServer(
  db: Db,
  overrides: Partial<Config> = {},
  configure?: (app: FastifyInstance) => void,
): Promise<TestServer> {
  const config = { ...TEST_CONFIG, ...overrides };
  // Sign-in counters live in the shared database: each test server counts on its own, as a
  // separate deployment would, unless the test gives instances one prefix.
  config.authRateLimits = { keyPrefix: randomUUID(), ...config.authRateLimits };
  const app = await buildApp({ config, db });
  configure?.(app);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, db, origin, close: () => app.close() };
}

// Bodies are read field by field in assertions (assertContract checks whole shapes), so tests
// may index them freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyBody = any;

export interface ApiResponse<T = AnyBody> {
  status: number;
  body: T;
}

/** One request over real HTTP, the way the browser sends it. */
export async function call<T = AnyBody>(
  server: TestServer,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.origin}/v1/${path.replace(/^\//, '')}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}
