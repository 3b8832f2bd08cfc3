import { fileURLToPath } from 'node:url';
import * as v from 'valibot';

/** The repository root (two levels above src/), so the embedded database lands in the git-ignored `.data/`. */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEV_TOKEN_SECRET = 'dev-only-token-secret-not-for-production-use';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = (fallback: boolean) =>
  v.optional(
    v.pipe(
      v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
      v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
    ),
    fallback ? 'true' : 'false',
  );

const int = (fallback: number, min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(min, `must be at least ${min}`),
      v.maxValue(max, `must be at most ${max}`),
    ),
    String(fallback),
  );

/** Unset and empty both mean "not configured" (an `.env` line like `REDIS_URL=` is common). */
const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => (s === '' ? undefined : s))));

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.string(), 'development'),
  PORT: int(4000, 0, 65535),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '127.0.0.1'),
  DATABASE_URL: v.pipe(optionalText, v.check((s) => s === undefined || /^postgres(ql)?:\/\//.test(s), 'must start with postgres:// or postgresql://')),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), `${REPO_ROOT}.data/pglite`),
  REDIS_URL: v.pipe(optionalText, v.check((s) => s === undefined || /^rediss?:\/\//.test(s), 'must start with redis:// or rediss://')),
  TOKEN_SECRET: optionalText,
  TOKEN_TTL_SECONDS: int(12 * 60 * 60, 60, 30 * 24 * 60 * 60),
  CORS_ORIGINS: v.optional(v.string(), 'http://localhost:3000,http://127.0.0.1:3000'),
  SEED_DEMO: flag(true),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
});

export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  /** Unset: the embedded PGlite database in `dataDir` (or in memory when `dataDir` is `memory://`). */
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  tokenSecret: string;
  tokenTtlSeconds: number;
  corsOrigins: string[];
  seedDemo: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads every setting in one parse, so a bad deployment reports all its problems at once. */
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
  if (production && e.TOKEN_SECRET === DEV_TOKEN_SECRET) problems.push('TOKEN_SECRET: the development default cannot be used in production');
  const corsOrigins = e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) problems.push(`CORS_ORIGINS: "${origin}" is not an origin like http://host:port`);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    tokenSecret: e.TOKEN_SECRET ?? DEV_TOKEN_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    corsOrigins,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
  };
}
