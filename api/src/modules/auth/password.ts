import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1). `Algorithm` is a const enum, which
// isolatedModules cannot read, hence its value (Argon2id = 2) spelled out.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check. Without it, an unknown email answers faster than a
 * wrong password and the timing tells an attacker which emails have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-used-only-for-timing');
  await verifyPassword(await dummyHash, password);
}
