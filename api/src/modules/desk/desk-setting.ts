import { eq } from 'drizzle-orm';
import { contract, DEFAULT_DISPOSITIONS, WRAP_UP_SECONDS_DEFAULT, type DeskSetting } from 'shared-contracts';
import type { Db } from '../../db/client';
import { deskSettings } from '../../db/schema';
import { implement } from '../../http/implement';

/** The account's dispositions and wrap-up time; the defaults until a USER sets them. */
export async function deskSettingOf(db: Db, accountId: string): Promise<DeskSetting> {
  const [row] = await db.select({ dispositions: deskSettings.dispositions, wrapUpSeconds: deskSettings.wrapUpSeconds })
    .from(deskSettings).where(eq(deskSettings.accountId, accountId));
  return row ?? { dispositions: [...DEFAULT_DISPOSITIONS], wrapUpSeconds: WRAP_UP_SECONDS_DEFAULT };
}

export const getDeskSetting = implement(contract.desk.getDeskSetting, async ({ user, db }) => deskSettingOf(db, user.accountId));

/** A changed list applies to wrap-ups from now on; a call already wrapped up keeps the disposition it was given. */
export const updateDeskSetting = implement(contract.desk.updateDeskSetting, async ({ user, body, db }) => {
  const [row] = await db.insert(deskSettings).values({ accountId: user.accountId, ...body })
    .onConflictDoUpdate({ target: deskSettings.accountId, set: body })
    .returning({ dispositions: deskSettings.dispositions, wrapUpSeconds: deskSettings.wrapUpSeconds });
  return row!;
});
