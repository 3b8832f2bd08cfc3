import { and, eq, isNull } from 'drizzle-orm';
import { lockAccount } from '../../../db/account-lock';
import type { Db } from '../../../db/client';
import { calls, leads } from '../../../db/schema';
import { leadByNumber } from '../../telephony';

export interface CallerScope {
  accountId: string;
  callId: string;
  /** The caller's number in E.164, or null when the call has none (a browser call). */
  callerNumber: string | null;
}

export interface CallerLead {
  id: string;
  fullName: string;
  /** Made on this request, not found. */
  created: boolean;
}

/** The name a lead gets when the caller has not said theirs. */
export const placeholderName = (number: string) => `Caller ${number}`;

/**
 * The caller as one of the account's leads: the lead the call is already linked to, else the one
 * with the caller's number, else a new one (named `name`, or after the number). A caller with no
 * number gets a lead only once they give a name. The call is linked to the lead, so the call log
 * shows who called. A lead of another account is never found.
 */
export async function findOrCreateCallerLead(db: Db, scope: CallerScope, name: string | undefined): Promise<CallerLead | null> {
  const [linked] = await db.select({ id: leads.id, fullName: leads.fullName }).from(calls)
    .innerJoin(leads, and(eq(leads.id, calls.leadId), eq(leads.accountId, scope.accountId)))
    .where(and(eq(calls.id, scope.callId), eq(calls.accountId, scope.accountId)));
  const found = linked ?? (scope.callerNumber === null ? null : await leadByNumber(db, scope.accountId, scope.callerNumber));
  let lead: CallerLead;
  if (found) {
    lead = { ...found, created: false };
    // A lead we named after the number takes the caller's name once they say it; a real name stays.
    if (name && scope.callerNumber !== null && found.fullName === placeholderName(scope.callerNumber)) {
      await db.update(leads).set({ fullName: name }).where(and(eq(leads.id, found.id), eq(leads.accountId, scope.accountId)));
      lead = { ...lead, fullName: name };
    }
  } else {
    if (scope.callerNumber === null && !name) return null;
    const { callerNumber } = scope;
    lead = await db.transaction(async (tx): Promise<CallerLead> => {
      // Under the lock lead creation takes: a number that became a lead meanwhile (a form, a
      // CSV, the same caller's other call) is that lead, never a second one.
      if (callerNumber !== null) {
        await lockAccount(tx, 'leadNumbers', scope.accountId);
        const meanwhile = await leadByNumber(tx, scope.accountId, callerNumber);
        if (meanwhile) return { ...meanwhile, created: false };
      }
      const [row] = await tx.insert(leads).values({
        accountId: scope.accountId,
        fullName: name || placeholderName(callerNumber!),
        phoneNumber: callerNumber ?? '',
      }).returning({ id: leads.id, fullName: leads.fullName });
      return { ...row!, created: true };
    });
  }
  await db.update(calls).set({ leadId: lead.id })
    .where(and(eq(calls.id, scope.callId), eq(calls.accountId, scope.accountId), isNull(calls.leadId)));
  return lead;
}
