import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { emailOutbox, oneTimeCodes } from '../../src/db/schema';
import { call, type TestServer } from './server';

/** Shared by the auth suites: reading the local outbox the way a developer would. */

export async function lastMail(db: Db, to: string, kind: string) {
  const [row] = await db.select().from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.createdAt)).limit(1);
  if (!row) throw new Error(`no ${kind} email to ${to}`);
  return row;
}

export async function mailCount(db: Db, to: string, kind?: string) {
  const rows = await db.select({ id: emailOutbox.id }).from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), kind ? eq(emailOutbox.kind, kind) : undefined));
  return rows.length;
}

export const verificationTokenIn = (text: string) => decodeURIComponent(/verify-email\?token=([^&\s]+)/.exec(text)![1]!);
export const resetIdIn = (text: string) => decodeURIComponent(/reset-password\/(\S+)/.exec(text)![1]!);
export const codeIn = (text: string) => /code is (\d{6})/.exec(text)![1]!;

/** Ages every live code of a user past its 10 minutes. */
export async function expireCodes(db: Db, userId: string) {
  await db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(oneTimeCodes.userId, userId));
}

let counter = 0;
export const freshEmail = (prefix = 'new') => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}@signup.test`;

export const registration = (email: string) => ({
  firstName: 'Ann', lastName: 'Lee', email, password: 'Secret-pass-1', confirmPassword: 'Secret-pass-1',
  companyName: 'Lee Realty', phoneNumber: '(212) 555-0100', timeZone: 'America/Chicago', acceptTerms: true,
});

/** Registers and confirms the address through the emailed link; returns the password. */
export async function registerVerified(server: TestServer, email: string) {
  const res = await call(server, 'POST', '/auth/register', { body: registration(email) });
  if (res.status !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  const token = verificationTokenIn((await lastMail(server.db, email, 'verify_email')).text);
  const verified = await call(server, 'GET', `/auth/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`);
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return registration(email).password;
}
