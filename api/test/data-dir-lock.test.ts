import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { lockDataDir } from '../src/db/data-dir-lock';

describe('embedded database folder lock', async () => {
  const root = await mkdtemp(join(tmpdir(), 'api-lock-'));
  after(() => rm(root, { recursive: true, force: true }));

  it('refuses a folder a live process holds', async () => {
    const dir = join(root, 'held');
    await writeFile(`${dir}.lock`, String(process.ppid));
    await assert.rejects(lockDataDir(dir), /Another process \(pid \d+\) is using the embedded database/);
  });

  it('takes over a lock left by a dead process, and releases it', async () => {
    const dir = join(root, 'stale');
    await writeFile(`${dir}.lock`, '999999999');
    const release = await lockDataDir(dir);
    assert.equal(await readFile(`${dir}.lock`, 'utf8'), String(process.pid));
    await release();
    await assert.rejects(stat(`${dir}.lock`), { code: 'ENOENT' });
  });
});
