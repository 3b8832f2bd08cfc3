import { eq, sql } from 'drizzle-orm';
import { contract, type DialerSetting } from 'shared-contracts';
import type { Db } from '../../db/client';
import { dialerSettings } from '../../db/schema';
import type { Config } from '../../config';
import { implement } from '../../http/implement';
import { voicemailUrl } from '../telephony';

async function settingOf(db: Db, config: Config, accountId: string, agentNumber: string | null): Promise<DialerSetting> {
  const [row] = await db.select({
    ringTimeoutSeconds: dialerSettings.ringTimeoutSeconds,
    recordCalls: dialerSettings.recordCalls,
    voicemailUpdatedAt: dialerSettings.voicemailUpdatedAt,
  }).from(dialerSettings).where(eq(dialerSettings.accountId, accountId));
  return {
    accountId,
    agentNumber,
    defaultVoicemailUrl: row?.voicemailUpdatedAt ? voicemailUrl(config, accountId, row.voicemailUpdatedAt) : null,
    ringTimeoutSeconds: row?.ringTimeoutSeconds ?? 30,
    recordCalls: row?.recordCalls ?? true,
  };
}

export const getDialerSetting = implement(contract.call.getDialerSetting, async ({ query, user, db, app }) =>
  settingOf(db, app.config, query.accountId ?? user.accountId, user.agentNumber));

export const uploadDefaultVoicemail = implement(contract.call.uploadDefaultVoicemail, async ({ query, body, db, app, user }) => {
  const accountId = query.accountId ?? user.accountId;
  const audio = Buffer.from(await body.file.arrayBuffer());
  const values = {
    voicemailAudio: audio,
    voicemailMimeType: body.file.type,
    voicemailFileName: body.file instanceof File ? body.file.name.slice(0, 200) : 'voicemail',
    voicemailUpdatedAt: sql`now()`,
  };
  const [row] = await db.insert(dialerSettings).values({ accountId, ...values })
    .onConflictDoUpdate({ target: dialerSettings.accountId, set: values })
    .returning({ updatedAt: dialerSettings.voicemailUpdatedAt });
  return { defaultVoicemailUrl: voicemailUrl(app.config, accountId, row!.updatedAt!) };
});
