import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import {
  CAMPAIGN_CALLS_PER_MINUTE, CAMPAIGN_MAX_CONCURRENT_CALLS, CAMPAIGN_RETRY_DELAY_MINUTES, CAMPAIGN_TICK_SECONDS,
} from 'shared-contracts';
import { REPO_ROOT as REPO_ROOT_URL } from './paths';

/** The repository root (two levels above src/), so the embedded database lands in the git-ignored `.data/`. */
const REPO_ROOT = fileURLToPath(REPO_ROOT_URL);
const DEV_CREDENTIALS_KEY = 'dev-only-credentials-key-not-for-production-use';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A true/false setting; unset stays undefined so each setting picks its own default. */
const flag = v.optional(
  v.pipe(
    v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
    v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
  ),
);

const wholeNumber = (min: number, max: number) => v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a whole number'),
  v.transform(Number),
  v.minValue(min, `must be at least ${min}`),
  v.maxValue(max, `must be at most ${max}`),
);
const int = (fallback: number, min: number, max: number) => v.optional(wholeNumber(min, max), String(fallback));

/** Unset and empty both mean "not configured" (an `.env` line like `REDIS_URL=` is common). */
const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => (s === '' ? undefined : s))));

/** Emails (registrations, resets, codes) one address may have sent per window, unless AUTH_EMAILS_PER_IP says otherwise. */
const DEFAULT_AUTH_RATE_LIMITS_EMAILS_PER_IP = 30;

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.string(), 'development'),
  PORT: int(4000, 0, 65535),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '127.0.0.1'),
  DATABASE_URL: v.pipe(optionalText, v.check((s) => s === undefined || /^postgres(ql)?:\/\//.test(s), 'must start with postgres:// or postgresql://')),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), `${REPO_ROOT}.data/pglite`),
  REDIS_URL: v.pipe(optionalText, v.check((s) => s === undefined || /^rediss?:\/\//.test(s), 'must start with redis:// or rediss://')),
  // The OpenTelemetry names, so a team's usual exporter settings work unchanged.
  OTEL_EXPORTER_OTLP_ENDPOINT: v.pipe(optionalText, v.check((s) => s === undefined || /^https?:\/\//.test(s), 'must start with http:// or https://')),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: v.pipe(optionalText, v.check((s) => s === undefined || /^https?:\/\//.test(s), 'must start with http:// or https://')),
  TOKEN_SECRET: optionalText,
  TOKEN_TTL_SECONDS: int(12 * 60 * 60, 60, 30 * 24 * 60 * 60),
  SESSION_CACHE_SECONDS: v.optional(v.pipe(
    v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.maxValue(60, 'must be at most 60'),
  )),
  CREDENTIALS_KEY: optionalText,
  CORS_ORIGINS: v.optional(v.string(), 'http://localhost:3000,http://127.0.0.1:3000'),
  SEED_DEMO: flag,
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_API_KEY_SID: optionalText,
  TWILIO_API_KEY_SECRET: optionalText,
  TWILIO_TWIML_APP_SID: optionalText,
  PUBLIC_API_URL: v.pipe(optionalText, v.check((s) => s === undefined || /^https?:\/\/[^\s]+$/.test(s), 'must be an http(s) URL')),
  VOICE_TOKEN_TTL_SECONDS: int(60 * 60, 60, 24 * 60 * 60),
  SMTP_URL: v.pipe(optionalText, v.check((s) => s === undefined || /^smtps?:\/\//.test(s), 'must start with smtp:// or smtps://')),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'AI Calls <no-reply@localhost>'),
  APP_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')), 'http://localhost:3000'),
  DEV_OUTBOX: flag,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_JWKS_URL: v.optional(v.string(), 'https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_TOKEN_URL: v.optional(v.string(), 'https://oauth2.googleapis.com/token'),
  GOOGLE_TOKENINFO_URL: v.optional(v.string(), 'https://oauth2.googleapis.com/tokeninfo'),
  GOOGLE_USERINFO_URL: v.optional(v.string(), 'https://openidconnect.googleapis.com/v1/userinfo'),
  SQUARE_API_BASE: v.pipe(optionalText, v.check((s) => s === undefined || /^https?:\/\/[^\s]+$/.test(s), 'must be an http(s) URL')),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')), 'https://api.stripe.com'),
  GOOGLE_CALENDAR_API_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')), 'https://www.googleapis.com'),
  API_KEY_REQUESTS_PER_MINUTE: int(600, 1, 1_000_000),
  // Registrations, resets and codes sent from one address per window; raise it where many people share one (an office behind NAT, a test run).
  AUTH_EMAILS_PER_IP: int(DEFAULT_AUTH_RATE_LIMITS_EMAILS_PER_IP, 1, 1_000_000),
  // Campaign pacing: never above the product's figures; lower (or quicker retries) for a demo or a test.
  CAMPAIGN_MAX_CONCURRENT_CALLS: int(CAMPAIGN_MAX_CONCURRENT_CALLS, 1, CAMPAIGN_MAX_CONCURRENT_CALLS),
  CAMPAIGN_CALLS_PER_MINUTE: int(CAMPAIGN_CALLS_PER_MINUTE, 1, CAMPAIGN_CALLS_PER_MINUTE),
  CAMPAIGN_TICK_SECONDS: int(CAMPAIGN_TICK_SECONDS, 1, 60),
  CAMPAIGN_RETRY_DELAY_SECONDS: int(CAMPAIGN_RETRY_DELAY_MINUTES * 60, 1, 24 * 60 * 60),
  CAMPAIGN_ANY_HOUR: flag,
  MIGRATE_ON_START: flag,
  TRUST_PROXY: v.pipe(optionalText, v.check((s) => s === undefined || /^\s*[0-9a-zA-Z.:/]+(\s*,\s*[0-9a-zA-Z.:/]+)*\s*$/.test(s),
    'must be a comma-separated list of addresses, CIDR ranges or loopback, linklocal, uniquelocal')),
  SHUTDOWN_TIMEOUT_SECONDS: int(25, 1, 600),
  SHUTDOWN_DRAIN_SECONDS: v.optional(wholeNumber(0, 120)),
  SMS_SETTLE_AFTER_SECONDS: int(120, 1, 24 * 60 * 60),
  HTTP_HEADERS_TIMEOUT_SECONDS: int(20, 1, 600),
  HTTP_REQUEST_TIMEOUT_SECONDS: int(300, 1, 3600),
  HTTP_IDLE_TIMEOUT_SECONDS: int(120, 1, 3600),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: int(72, 1, 3600),
  SOCKET_PING_INTERVAL_SECONDS: int(30, 1, 600),
  MICROSOFT_GRAPH_API_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')), 'https://graph.microsoft.com'),
});

/** Attempts allowed per window; tests lower them to reach a limit quickly. */
export interface AuthRateLimits {
  windowSeconds: number;
  /** Failed sign-ins (password or 2FA code) per account. */
  failuresPerAccount: number;
  /** Failed sign-ins per IP address, across accounts (password spraying). */
  failuresPerIp: number;
  /** Emails sent (codes, reset links, verification) per address. */
  emailsPerAddress: number;
  /** Email-sending requests per IP address. */
  emailsPerIp: number;
  /** Instances whose counter keys share this prefix count together (every instance of one deployment). */
  keyPrefix?: string;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  windowSeconds: 15 * 60, failuresPerAccount: 5, failuresPerIp: 100, emailsPerAddress: 5, emailsPerIp: DEFAULT_AUTH_RATE_LIMITS_EMAILS_PER_IP,
};

/** Requests one API key may make per window, across every instance; past it the API answers 429. */
export interface ApiKeyRateLimit {
  requests: number;
  windowSeconds: number;
}

export interface GoogleConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  jwksUrl: string;
  tokenUrl: string;
  tokeninfoUrl: string;
  userinfoUrl: string;
}

const TWILIO_KEYS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_API_KEY_SID', 'TWILIO_API_KEY_SECRET', 'TWILIO_TWIML_APP_SID'] as const;

/** Twilio's credentials; all set, or none (then the local telephony simulator answers). */
export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  apiKeySid: string;
  apiKeySecret: string;
  twimlAppSid: string;
}

/** Where the calendar vendors' APIs answer: the vendors' own hosts unless set (a test points them at a local fake). */
export interface CalendarApiConfig {
  googleUrl: string;
  microsoftGraphUrl: string;
  /** How long a calendar may take to answer before the attempt is recorded as failed. */
  timeoutMs: number;
}

/** Stripe's API key and webhook signing secret; both set, or none (then the local payment simulator answers). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
}

/** How campaigns dial; the defaults are the product's figures (shared-contracts domain/campaign). */
export interface CampaignPacing {
  /** Campaign calls in progress at once, per account. */
  maxConcurrentCalls: number;
  /** Campaign calls started per rolling minute, per account. */
  callsPerMinute: number;
  /** How often a running campaign looks for due leads. */
  tickSeconds: number;
  /** A no-answer or busy lead is called again after this long. */
  retryDelaySeconds: number;
  /** Ignore calling hours: only outside production (a demo or a test at any time of day). */
  anyHour: boolean;
}

/**
 * How long a client may hold a connection without doing its part, so slow or idle clients cannot
 * pile up connections (a header sent a byte at a time, a connection opened and left).
 */
export interface HttpTimeouts {
  /** From a request's first byte to the end of its headers. */
  headersMs: number;
  /** From a request's first byte to the end of its body (an upload must arrive within it). */
  requestMs: number;
  /** A connection on which nothing is sent or received for this long is closed, whatever it waits for. */
  idleMs: number;
  /** Between requests on a kept-alive connection; above the load balancer's own idle timeout, so it closes first. */
  keepAliveMs: number;
}

export interface Config {
  /** Unset: the local telephony simulator. */
  twilio: TwilioConfig | undefined;
  /** The API's public origin as Twilio reaches it (webhook URLs and their signatures); default http://HOST:PORT. */
  publicApiUrl: string;
  voiceTokenTtlSeconds: number;
  nodeEnv: string;
  port: number;
  host: string;
  /** Unset: the embedded PGlite database in `dataDir` (or in memory when `dataDir` is `memory://`). */
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  /** Where call spans are exported over OTLP/HTTP; unset: tracing stays in the database only. */
  otlpTracesUrl: string | undefined;
  /** Signs sign-in tokens, and the simulators' tokens and payment events are keyed from it. */
  tokenSecret: string;
  /** False when TOKEN_SECRET was not set and `tokenSecret` was made at random. */
  tokenSecretFromEnv: boolean;
  tokenTtlSeconds: number;
  /**
   * How long a token's caller is remembered between session lookups; 0 turns the cache off.
   * Unset: 5 s alone, 60 s with Redis (revocations reach every instance at once).
   */
  sessionCacheSeconds?: number | undefined;
  /** Secret the AES-256-GCM key for provider credentials at rest is derived from. */
  credentialsKey: string;
  corsOrigins: string[];
  seedDemo: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Unset: emails go to the local outbox (database + log) instead of SMTP. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The web app's origin, for links in emails. */
  appUrl: string;
  /** Square's API; unset, Square answers from the local simulation (it is out of reach here). */
  squareApiBase: string | undefined;
  /** Serves GET /v1/dev/outbox so a developer can read the local outbox; never in production. */
  devOutbox: boolean;
  google: GoogleConfig;
  /** Unset: the local payment simulator. */
  stripe: StripeConfig | undefined;
  calendarApis: CalendarApiConfig;
  authRateLimits: AuthRateLimits;
  apiKeyRateLimit: ApiKeyRateLimit;
  campaignPacing: CampaignPacing;
  /** Apply migrations (and seed) when the server starts; off in production, where `migrate` runs first. */
  migrateOnStart: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe (the caller's address for sign-in limits and logs):
   * their addresses, CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal). Unset:
   * none, the peer's address is the caller's.
   */
  trustProxy: string[] | undefined;
  /** After SIGTERM, how long requests in flight may take before the process exits anyway. */
  shutdownTimeoutSeconds: number;
  /**
   * After SIGTERM, how long the instance goes on answering (each answer closing its connection,
   * readiness 503) before it stops listening, so a load balancer closes its idle kept-alive
   * connections itself instead of sending a request down one the instance is closing.
   */
  shutdownDrainSeconds: number;
  /**
   * How long an SMS send may wait for the provider's answer before a text still queued is marked
   * unconfirmed: well past the provider client's own time limit (Twilio's is 30 s).
   */
  smsSettleAfterSeconds: number;
  httpTimeouts: HttpTimeouts;
  /** Every open WebSocket is pinged this often, and closed when the previous ping got no pong. */
  socketPingIntervalMs: number;
  /**
   * How often this instance finishes the AI calls no live session holds (also once at start);
   * null: never (the shared test server, whose tests run the sweep themselves).
   */
  unfinishedCallSweepMs: number | null;
  /**
   * How often this instance closes the billing periods that have ended (usage months' overage,
   * and the simulator's renewals and scheduled ends); null: never (the shared test server).
   */
  billingPeriodCheckMs: number | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads every setting in one parse, so a bad deployment reports all its problems at once. Long
 * only as the list of settings, each a line or two from the parsed environment to `Config`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(EnvSchema, env);
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.issues) problems.push(`${v.getDotPath(issue) ?? 'env'}: ${issue.message}`);
    throw new ConfigError(problems);
  }
  const e = result.output;
  const production = e.NODE_ENV === 'production';
  // A forgotten secret in production would let anyone who read this file mint tokens.
  if (production && e.TOKEN_SECRET === undefined) problems.push('TOKEN_SECRET: is required when NODE_ENV is production');
  if (e.TOKEN_SECRET !== undefined && e.TOKEN_SECRET.length < 32) problems.push('TOKEN_SECRET: must be at least 32 characters');
  // Stored provider credentials are only as safe as this key: production must bring its own.
  if (production && e.CREDENTIALS_KEY === undefined) problems.push('CREDENTIALS_KEY: is required when NODE_ENV is production');
  if (e.CREDENTIALS_KEY !== undefined && e.CREDENTIALS_KEY.length < 32) problems.push('CREDENTIALS_KEY: must be at least 32 characters');
  if (production && e.CREDENTIALS_KEY === DEV_CREDENTIALS_KEY) problems.push('CREDENTIALS_KEY: the development default cannot be used in production');
  const corsOrigins = e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) problems.push(`CORS_ORIGINS: "${origin}" is not an origin like http://host:port`);
  }
  if (production && e.DEV_OUTBOX === true) problems.push('DEV_OUTBOX: cannot be on when NODE_ENV is production');
  const twilioSet = TWILIO_KEYS.filter((key) => e[key] !== undefined);
  if (twilioSet.length > 0 && twilioSet.length < TWILIO_KEYS.length) {
    for (const key of TWILIO_KEYS) if (e[key] === undefined) problems.push(`${key}: is required when any TWILIO_* setting is set`);
  }
  if (twilioSet.length === TWILIO_KEYS.length && e.PUBLIC_API_URL === undefined) {
    problems.push('PUBLIC_API_URL: is required with Twilio (the URL Twilio calls the webhooks on)');
  }
  if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_WEBHOOK_SECRET === undefined)) {
    problems.push(e.STRIPE_SECRET_KEY === undefined
      ? 'STRIPE_SECRET_KEY: is required with STRIPE_WEBHOOK_SECRET'
      : 'STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY (webhooks cannot be verified without it)');
  }
  // Calling hours protect the people called: only a test or a demo machine may switch them off.
  if (production && e.CAMPAIGN_ANY_HOUR === true) problems.push('CAMPAIGN_ANY_HOUR: cannot be on when NODE_ENV is production');
  // Node refuses to start a server whose headers may take longer than the whole request.
  if (e.HTTP_HEADERS_TIMEOUT_SECONDS > e.HTTP_REQUEST_TIMEOUT_SECONDS) {
    problems.push('HTTP_HEADERS_TIMEOUT_SECONDS: must not be above HTTP_REQUEST_TIMEOUT_SECONDS');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    otlpTracesUrl: e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
      ?? (e.OTEL_EXPORTER_OTLP_ENDPOINT ? `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` : undefined),
    // Unset outside production: a secret nobody else knows (main.ts keeps one per data folder).
    tokenSecret: e.TOKEN_SECRET ?? randomBytes(32).toString('base64url'),
    tokenSecretFromEnv: e.TOKEN_SECRET !== undefined,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    credentialsKey: e.CREDENTIALS_KEY ?? DEV_CREDENTIALS_KEY,
    twilio: twilioSet.length === TWILIO_KEYS.length
      ? {
        accountSid: e.TWILIO_ACCOUNT_SID!, authToken: e.TWILIO_AUTH_TOKEN!, apiKeySid: e.TWILIO_API_KEY_SID!,
        apiKeySecret: e.TWILIO_API_KEY_SECRET!, twimlAppSid: e.TWILIO_TWIML_APP_SID!,
      }
      : undefined,
    publicApiUrl: (e.PUBLIC_API_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    voiceTokenTtlSeconds: e.VOICE_TOKEN_TTL_SECONDS,
    corsOrigins,
    // Demo accounts have published passwords: production seeds them only when told to.
    seedDemo: e.SEED_DEMO ?? !production,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: e.APP_URL.replace(/\/+$/, ''),
    squareApiBase: e.SQUARE_API_BASE,
    // On by default outside production, so a fresh clone can read its verification emails.
    devOutbox: e.DEV_OUTBOX ?? !production,
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      jwksUrl: e.GOOGLE_JWKS_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      tokeninfoUrl: e.GOOGLE_TOKENINFO_URL,
      userinfoUrl: e.GOOGLE_USERINFO_URL,
    },
    authRateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, emailsPerIp: e.AUTH_EMAILS_PER_IP },
    apiKeyRateLimit: { requests: e.API_KEY_REQUESTS_PER_MINUTE, windowSeconds: 60 },
    campaignPacing: {
      maxConcurrentCalls: e.CAMPAIGN_MAX_CONCURRENT_CALLS,
      callsPerMinute: e.CAMPAIGN_CALLS_PER_MINUTE,
      tickSeconds: e.CAMPAIGN_TICK_SECONDS,
      retryDelaySeconds: e.CAMPAIGN_RETRY_DELAY_SECONDS,
      anyHour: e.CAMPAIGN_ANY_HOUR ?? false,
    },
    migrateOnStart: e.MIGRATE_ON_START ?? !production,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    // Longer than the load balancer's upstream keepalive_timeout (deploy/nginx/lb.conf).
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (production ? 5 : 0),
    smsSettleAfterSeconds: e.SMS_SETTLE_AFTER_SECONDS,
    httpTimeouts: {
      headersMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      idleMs: e.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    socketPingIntervalMs: e.SOCKET_PING_INTERVAL_SECONDS * 1000,
    // Half the in-progress grace (unfinished-calls.ts): a call whose instance died ends within 90 s.
    unfinishedCallSweepMs: 30_000,
    billingPeriodCheckMs: 60_000,
    trustProxy: e.TRUST_PROXY?.split(',').map((s) => s.trim()),
    calendarApis: {
      googleUrl: e.GOOGLE_CALENDAR_API_URL.replace(/\/+$/, ''),
      microsoftGraphUrl: e.MICROSOFT_GRAPH_API_URL.replace(/\/+$/, ''),
      timeoutMs: 10_000,
    },
    stripe: e.STRIPE_SECRET_KEY !== undefined && e.STRIPE_WEBHOOK_SECRET !== undefined
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL.replace(/\/+$/, '') }
      : undefined,
  };
}
