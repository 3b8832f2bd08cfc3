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

  it('sends at most 30 emails per address in 15 minutes unless AUTH_EMAILS_PER_IP says otherwise', () => {
    assert.equal(loadConfig({}).authRateLimits.emailsPerIp, 30);
    assert.deepEqual(loadConfig({ AUTH_EMAILS_PER_IP: '500' }).authRateLimits, { ...loadConfig({}).authRateLimits, emailsPerIp: 500 });
    assert.ok(problemsOf({ AUTH_EMAILS_PER_IP: '0' }).some((p) => p.startsWith('AUTH_EMAILS_PER_IP:')));
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
    const key = { CREDENTIALS_KEY: 'k'.repeat(32) };
    assert.deepEqual(problemsOf({ NODE_ENV: 'production', ...key }), ['TOKEN_SECRET: is required when NODE_ENV is production']);
    assert.deepEqual(problemsOf({ NODE_ENV: 'production', TOKEN_SECRET: 'short', ...key }), ['TOKEN_SECRET: must be at least 32 characters']);
    assert.equal(loadConfig({ NODE_ENV: 'production', TOKEN_SECRET: 's'.repeat(32), ...key }).tokenSecret, 's'.repeat(32));
  });

  it('requires a real CREDENTIALS_KEY in production and has a development default', () => {
    const secret = { TOKEN_SECRET: 's'.repeat(32) };
    assert.ok(loadConfig({}).credentialsKey.length >= 32);
    assert.deepEqual(problemsOf({ NODE_ENV: 'production', ...secret }), ['CREDENTIALS_KEY: is required when NODE_ENV is production']);
    assert.deepEqual(problemsOf({ CREDENTIALS_KEY: 'short' }), ['CREDENTIALS_KEY: must be at least 32 characters']);
    const devDefault = loadConfig({}).credentialsKey;
    assert.deepEqual(problemsOf({ NODE_ENV: 'production', ...secret, CREDENTIALS_KEY: devDefault }), [
      'CREDENTIALS_KEY: the development default cannot be used in production',
    ]);
    assert.equal(loadConfig({ NODE_ENV: 'production', ...secret, CREDENTIALS_KEY: 'k'.repeat(40) }).credentialsKey, 'k'.repeat(40));
  });
  it('never seeds the demo accounts in production unless SEED_DEMO says true', () => {
    const production = { NODE_ENV: 'production', TOKEN_SECRET: 's'.repeat(32), CREDENTIALS_KEY: 'k'.repeat(32) };
    assert.equal(loadConfig(production).seedDemo, false);
    assert.equal(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo, true);
    assert.equal(loadConfig({}).seedDemo, true);
    assert.equal(loadConfig({ SEED_DEMO: 'no' }).seedDemo, false);
  });

  it('uses the telephony simulator without Twilio settings, Twilio with all of them, and refuses some', () => {
    const twilio = {
      TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token', TWILIO_API_KEY_SID: 'SK1', TWILIO_API_KEY_SECRET: 'secret', TWILIO_TWIML_APP_SID: 'AP1',
    };
    const local = loadConfig({});
    assert.equal(local.twilio, undefined);
    assert.equal(local.publicApiUrl, 'http://127.0.0.1:4000');
    assert.equal(local.voiceTokenTtlSeconds, 3600);
    const withTwilio = loadConfig({ ...twilio, PUBLIC_API_URL: 'https://calls.example.com/', VOICE_TOKEN_TTL_SECONDS: '600' });
    assert.deepEqual(withTwilio.twilio, { accountSid: 'AC1', authToken: 'token', apiKeySid: 'SK1', apiKeySecret: 'secret', twimlAppSid: 'AP1' });
    assert.equal(withTwilio.publicApiUrl, 'https://calls.example.com');
    assert.equal(withTwilio.voiceTokenTtlSeconds, 600);
    assert.deepEqual(problemsOf({ TWILIO_ACCOUNT_SID: 'AC1' }).sort(), [
      'TWILIO_API_KEY_SECRET: is required when any TWILIO_* setting is set',
      'TWILIO_API_KEY_SID: is required when any TWILIO_* setting is set',
      'TWILIO_AUTH_TOKEN: is required when any TWILIO_* setting is set',
      'TWILIO_TWIML_APP_SID: is required when any TWILIO_* setting is set',
    ]);
    assert.deepEqual(problemsOf(twilio), ['PUBLIC_API_URL: is required with Twilio (the URL Twilio calls the webhooks on)']);
    assert.deepEqual(problemsOf({ VOICE_TOKEN_TTL_SECONDS: '5' }), ['VOICE_TOKEN_TTL_SECONDS: must be at least 60']);
  });
});
