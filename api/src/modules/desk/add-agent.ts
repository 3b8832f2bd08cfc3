import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { contract, DESK_TEAM_TEXT, PHONE_NUMBER_TAKEN_TEXT } from 'shared-contracts';
import { accounts, aiAgents, users } from '../../db/schema';
import { conflict } from '../../http/api-error';
import { implement } from '../../http/implement';
import { agentInviteMail, hashPassword } from '../auth';
import { teamOf } from '../agent';
import { claimNumbers } from '../telephony';
import { fullName } from '../users';

/**
 * The USER adds a human agent to their desk: an AGENT of their account with their own line, who
 * chooses a password from the invitation emailed to them (a password link, which also proves the
 * address). Until then nobody can sign in as them: their stored password is random. The line is
 * claimed as an administrator's assignment is: no other account's agent or AI agent has it, and
 * none of this account's AI agents answers it either.
 */
export const addAgent = implement(contract.desk.addAgent, async ({ user, body, db, app }) => {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const created = await db.transaction(async (tx) => {
    await claimNumbers(tx, user.accountId, [body.agentNumber]);
    const [ai] = await tx.select({ id: aiAgents.id }).from(aiAgents)
      .where(and(eq(aiAgents.accountId, user.accountId), eq(aiAgents.phoneNumber, body.agentNumber))).limit(1);
    if (ai) throw conflict(DESK_TEAM_TEXT.numberIsAnAiAgents);
    const [row] = await tx.insert(users).values({
      accountId: user.accountId, role: 'AGENT', email: body.email, passwordHash, firstName: body.firstName, lastName: body.lastName, agentNumber: body.agentNumber,
    }).onConflictDoNothing().returning();
    if (row) return row;
    const [sameEmail] = await tx.select({ id: users.id }).from(users).where(eq(users.email, body.email));
    throw conflict(sameEmail ? DESK_TEAM_TEXT.emailTaken : PHONE_NUMBER_TAKEN_TEXT);
  });
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, user.accountId));
  const token = await app.oneTimeCodes.issueLink(created.id, 'password_reset');
  await app.mailer.send(agentInviteMail(app.config.appUrl, created.email, token, account?.name ?? 'your company', fullName(user)));
  const member = (await teamOf(db, user.accountId)).find((m) => m.agentId === created.id);
  if (!member) throw new Error(`the new agent ${created.id} is not in the team`);
  return member;
});
