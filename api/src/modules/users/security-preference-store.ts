import { eq, sql } from 'drizzle-orm';
import type { SecurityPreference } from 'shared-contracts';
import type { Db } from '../../db/client';
import { securityPreferences, type SecurityPreferenceRow } from '../../db/schema';

type Settings = Omit<SecurityPreferenceRow, 'userId' | 'updatedAt'>;

/** What a user without a row has: the column defaults of `security_preferences`. */
export const DEFAULT_SECURITY: Settings = {
  emailVerified: true,
  twoStepEnabled: false,
  twoStepChannel: 'email',
  loginAlerts: false,
  sessionTimeoutMinutes: 720,
  phoneNumber: null,
  passwordChangedAt: null,
};

export async function securityOf(db: Db, userId: string): Promise<Settings> {
  const [row] = await db.select().from(securityPreferences).where(eq(securityPreferences.userId, userId));
  return row ?? DEFAULT_SECURITY;
}

export async function updateSecurity(db: Db, userId: string, patch: Partial<Settings>): Promise<Settings> {
  const [row] = await db.insert(securityPreferences).values({ ...DEFAULT_SECURITY, ...patch, userId })
    .onConflictDoUpdate({ target: securityPreferences.userId, set: { ...patch, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export const toSecurityPreference = (s: Settings): SecurityPreference => ({
  twoStepEnabled: s.twoStepEnabled,
  twoStepChannel: s.twoStepChannel,
  loginAlerts: s.loginAlerts,
  sessionTimeoutMinutes: s.sessionTimeoutMinutes,
  passwordChangedAt: s.passwordChangedAt?.toISOString() ?? null,
});
