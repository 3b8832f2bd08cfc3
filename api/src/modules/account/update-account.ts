import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { accountAuditLog, accounts, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { implement } from '../../http/implement';
import { claimNumbers } from '../telephony';
import { planChanges } from './account-changes';
import { accountDetail, accountMembers, findAccount } from './account-detail';
import { resumeCampaignsAllowedByPlan } from '../campaign';

const UNIQUE_VIOLATION = '23505';

const isUniqueViolation = (error: unknown): boolean => {
  const code = (e: unknown) => (typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined);
  return code(error) === UNIQUE_VIOLATION || code((error as { cause?: unknown })?.cause) === UNIQUE_VIOLATION;
};

/** Edits an account and its users' roles and numbers; every real change is written to the audit log with who made it. */
export const updateAccount = implement(contract.account.updateAccount, async ({ params, body, user, db, app }) => {
  const account = await findAccount(db, params.id);
  const members = await accountMembers(db, account.id);
  const planned = await planChanges(account, members, body, user.id, async (number) => {
    const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.agentNumber, number));
    return holder?.id ?? null;
  });
  if (Object.keys(planned.audit).length === 0) return accountDetail(db, account.id);

  try {
    await db.transaction(async (tx) => {
      if (Object.keys(planned.account).length > 0) await tx.update(accounts).set(planned.account).where(eq(accounts.id, account.id));
      const before = new Map(members.map((m) => [m.id, m.agentNumber]));
      await claimNumbers(tx, account.id, planned.users.map((change) => (change.agentNumber === before.get(change.id) ? null : change.agentNumber)));
      // Numbers move between users in two steps, so a swap never trips the unique index halfway.
      for (const change of planned.users) await tx.update(users).set({ agentNumber: null }).where(eq(users.id, change.id));
      for (const change of planned.users) {
        await tx.update(users).set({ role: change.role, agentNumber: change.agentNumber }).where(eq(users.id, change.id));
      }
      await tx.insert(accountAuditLog).values({
        accountId: account.id, actorId: user.id, actorEmail: user.email, action: 'Account updated', changes: planned.audit,
      });
    });
  } catch (error) {
    // Another request took the number between the check and the write.
    if (isUniqueViolation(error)) throw new ApiError(409, 'Conflict', 'A Twilio number is already used by another user');
    throw error;
  }
  // A new role or number must hold on the users' very next request (cached callers).
  for (const change of planned.users) await app.auth.forgetUser(change.id);
  // An administrator's plan change is a plan change like a checkout's: paused campaigns it allows resume.
  if (planned.account.plan !== undefined) await resumeCampaignsAllowedByPlan(app);
  return accountDetail(db, account.id);
});
