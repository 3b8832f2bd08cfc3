import assert from 'node:assert/strict';
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../src/config';
import { localTokenSecret } from '../src/local-token-secret';

describe('token secret without TOKEN_SECRET', () => {
  it('is made at random for each start, never a value written in the code', () => {
    const [a, b] = [loadConfig({}), loadConfig({})];
    assert.notEqual(a.tokenSecret, b.tokenSecret);
    assert.ok(a.tokenSecret.length >= 32);
    assert.equal(a.tokenSecretFromEnv, false);
    assert.equal(loadConfig({ TOKEN_SECRET: 's'.repeat(32) }).tokenSecretFromEnv, true);
  });

  it('is kept beside the embedded database, readable by its owner only, so sign-ins survive a restart', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'secret-')), 'pglite.token-secret');
    const first = await localTokenSecret(file);
    assert.equal(await localTokenSecret(file), first);
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.ok(first.length >= 32);
  });
});
