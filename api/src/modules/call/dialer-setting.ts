import { eq, sql } from 'drizzle-orm';
import { contract, type DialerSetting } from 'shared-contracts';
import type { Db } from '../../db/client';
import { dialerSettings } from '../../db/schema';
import { implement } from '../../http/implement';

export const VOICEMAIL_PATH = '/v1/telephony/voicemail';

/** The public address of an account's voicemail; the version makes a new upload a new URL (no stale caches). */
const voicemailUrl = (publicApiUrl: string, accountId: string, updatedAt: Date) =>
  `${publicApiUrl}${VOICEMAIL_PATH}/${accountId}?v=${updatedAt.getTime()}`;

async function settingOf(db: Db, publicApiUrl: string, accountId: string, agentNumber: string | null): Promise<DialerSetting> {
  const [row] = await db.select({
    ringTimeoutSeconds: dialerSettings.ringTimeoutSeconds,
    recordCalls: dialerSettings.recordCalls,
    voicemailUpdatedAt: dialerSettings.voicemailUpdatedAt,
  }).from(dialerSettings).where(eq(dialerSettings.accountId, accountId));
  return {
    accountId,
    agentNumber,
    defaultVoicemailUrl: row?.voicemailUpdatedAt ? voicemailUrl(publicApiUrl, accountId, row.voicemailUpdatedAt) : null,
    ringTimeoutSeconds: row?.ringTimeoutSeconds ?? 30,
    recordCalls: row?.recordCalls ?? true,
  };
}

export const getDialerSetting = implement(contract.call.getDialerSetting, async ({ query, user, db, app }) =>
  settingOf(db, app.config.publicApiUrl, query.accountId ?? user.accountId, user.agentNumber));

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
  return { defaultVoicemailUrl: voicemailUrl(app.config.publicApiUrl, accountId, row!.updatedAt!) };
});
