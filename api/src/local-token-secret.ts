import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The signing secret of a server started without TOKEN_SECRET (a developer's machine): made at
 * random on first start and kept in a file only its owner may read, so sign-ins survive a
 * restart and no value printed anywhere can sign a token, a simulator token or a payment event.
 */
export async function localTokenSecret(file: string): Promise<string> {
  try {
    const kept = (await readFile(file, 'utf8')).trim();
    if (kept.length >= 32) return kept;
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
