import { eq } from 'drizzle-orm';
import { TIME_ZONE_UNKNOWN_TEXT, contract, type UserPreference } from 'shared-contracts';
import type { Db } from '../../db/client';
import { userPreferences, users } from '../../db/schema';
import { databaseTimeZones, unknownToDatabase } from '../../db/time-zones';
import { badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { timeZoneOptions } from './time-zones';

async function readPreference(db: Db, userId: string): Promise<UserPreference> {
  const [row] = await db.select({ timeZone: users.timeZone, pref: userPreferences })
    .from(users).leftJoin(userPreferences, eq(userPreferences.userId, users.id)).where(eq(users.id, userId));
  if (!row) throw notFound();
  return {
    timezone: row.timeZone,
    dateFormat: row.pref?.dateFormat ?? 'MM/DD/YYYY',
    timeFormat: row.pref?.timeFormat ?? '12h',
    emailNotifications: row.pref?.emailNotifications ?? true,
    smsNotifications: row.pref?.smsNotifications ?? false,
    weeklySummaryEmail: row.pref?.weeklySummaryEmail ?? true,
  };
}

export const getAccountPreference = implement(contract.account.getAccountPreference, async ({ params, db }) =>
  readPreference(db, params.userId));

// Only zones the database knows can be picked: the reports and the dialer use them in SQL.
export const getTimezones = implement(contract.account.getTimezones, async ({ db }) => {
  const known = await databaseTimeZones(db);
  return timeZoneOptions().filter((option) => known.has(option.value));
});

export const updateUserPreference = implement(contract.users.updateUserPreference, async ({ params, body, db, app }) => {
  const { timezone, ...rest } = body;
  if (timezone !== undefined && (await unknownToDatabase(db, [timezone])).size > 0) throw badRequest(TIME_ZONE_UNKNOWN_TEXT);
  const others = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  // Both writes or neither: a half-saved preference would show a toast of success for a partial change.
  await db.transaction(async (tx) => {
    if (timezone !== undefined) await tx.update(users).set({ timeZone: timezone }).where(eq(users.id, params.userId));
    if (Object.keys(others).length > 0) {
      await tx.insert(userPreferences).values({ userId: params.userId, ...others })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { ...others, updatedAt: new Date() } });
    }
  });
  // The time zone is part of the signed-in caller: drop its cached copy.
  if (timezone !== undefined) await app.auth.forgetUser(params.userId);
  return readPreference(db, params.userId);
});
