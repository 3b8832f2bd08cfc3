import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('config', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    assert.equal(config.port, 4000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.databaseUrl, undefined);
    assert.match(config.dataDir, /\.data\/pglite$/);
    assert.equal(config.redisUrl, undefined);
    assert.equal(config.tokenTtlSeconds, 43_200);
    assert.deepEqual(config.corsOrigins, ['http://localhost:3000', 'http://127.0.0.1:3000']);
    assert.equal(config.seedDemo, true);
    assert.ok(config.tokenSecret.length >= 32);
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      PORT: '8080', HOST: '0.0.0.0', DATABASE_URL: 'postgres://u@db:5432/app', DATA_DIR: '/var/db',
      REDIS_URL: 'redis://cache:6379', TOKEN_SECRET: 'x'.repeat(40), TOKEN_TTL_SECONDS: '3600',
      CORS_ORIGINS: 'https://app.example.com, https://admin.example.com', SEED_DEMO: 'false', LOG_LEVEL: 'warn',
    });
    assert.deepEqual(
      [config.port, config.host, config.databaseUrl, config.dataDir, config.redisUrl, config.tokenTtlSeconds, config.seedDemo, config.logLevel],
      [8080, '0.0.0.0', 'postgres://u@db:5432/app', '/var/db', 'redis://cache:6379', 3600, false, 'warn'],
    );
    assert.deepEqual(config.corsOrigins, ['https://app.example.com', 'https://admin.example.com']);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({ PORT: 'eighty', SEED_DEMO: 'maybe', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    assert.equal(problems.length, 4);
    assert.ok(problems.some((p) => p.startsWith('PORT:')));
    assert.ok(problems.some((p) => p.startsWith('SEED_DEMO:')));
    assert.ok(problems.some((p) => p.startsWith('LOG_LEVEL:')));
    assert.ok(problems.some((p) => p.startsWith('DATABASE_URL:')));
  });

  it('requires a real TOKEN_SECRET in production', () => {
    assert.deepEqual(problemsOf({ NODE_ENV: 'production' }), ['TOKEN_SECRET: is required when NODE_ENV is production']);
    assert.deepEqual(problemsOf({ NODE_ENV: 'production', TOKEN_SECRET: 'short' }), ['TOKEN_SECRET: must be at least 32 characters']);
    assert.equal(loadConfig({ NODE_ENV: 'production', TOKEN_SECRET: 's'.repeat(32) }).tokenSecret, 's'.repeat(32));
  });
});
