import { eq, TransactionRollbackError } from 'drizzle-orm';
import { TIME_ZONE_UNKNOWN_TEXT, contract } from 'shared-contracts';
import { accounts, securityPreferences, users } from '../../db/schema';
import { unknownToDatabase } from '../../db/time-zones';
import { badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { alreadyRegisteredMail, verificationMail } from './mail-templates';
import { hashPassword } from './password';
import { limitKeys } from './limit-keys';

/**
 * Creates the account, its USER (unverified) and sends the verification link. A known address
 * gets the same reply and its owner an email saying so: the reply never reveals an account.
 */
export const register = implement(contract.auth.register, async ({ body, app, request }) => {
  await app.authLimits.consumeEmail(limitKeys('register', body.email, request));
  const reply = { email: body.email, verificationSent: true };
  // Checked before the address is looked up, so the answer says nothing about the address.
  const timeZone = body.timeZone ?? 'America/New_York';
  if ((await unknownToDatabase(app.db, [timeZone])).size > 0) throw badRequest(TIME_ZONE_UNKNOWN_TEXT);
  const passwordHash = await hashPassword(body.password);
  const [existing] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
  if (existing) {
    await app.mailer.send(alreadyRegisteredMail(app.config.appUrl, body.email));
    return reply;
  }
  const created = await app.db.transaction(async (tx) => {
    // Short and with no outside call inside: on PGlite a transaction holds the only connection.
    const [account] = await tx.insert(accounts).values({ name: body.companyName, timeZone }).returning({ id: accounts.id });
    const [user] = await tx.insert(users).values({
      accountId: account!.id, role: 'USER', email: body.email, passwordHash,
      firstName: body.firstName, lastName: body.lastName, timeZone,
    }).onConflictDoNothing().returning({ id: users.id });
    if (!user) {
      tx.rollback();
      return null;
    }
    await tx.insert(securityPreferences).values({ userId: user.id, emailVerified: false, phoneNumber: body.phoneNumber ?? null });
    return user;
  }).catch((err: unknown) => {
    if (err instanceof TransactionRollbackError) return null;
    throw err;
  });
  if (created === null) {
    // Two registrations of one address raced; the other one won.
    await app.mailer.send(alreadyRegisteredMail(app.config.appUrl, body.email));
    return reply;
  }
  const token = await app.oneTimeCodes.issueLink(created.id, 'verify_email');
  await app.mailer.send(verificationMail(app.config.appUrl, body.email, token));
  return reply;
});
