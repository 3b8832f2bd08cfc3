import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { Id } from 'shared-contracts';
import { dialerSettings } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { VOICEMAIL_PATH } from '../call/dialer-setting';

/** The account's default voicemail, public so the telephony provider can fetch it to play. */
export async function voicemailRoute(app: FastifyInstance): Promise<void> {
  app.get(`${VOICEMAIL_PATH}/:accountId`, async (request, reply) => {
    const accountId = (request.params as { accountId?: unknown }).accountId;
    if (!v.is(Id, accountId)) throw notFound();
    const [row] = await app.db.select({ audio: dialerSettings.voicemailAudio, type: dialerSettings.voicemailMimeType })
      .from(dialerSettings).where(eq(dialerSettings.accountId, accountId));
    if (!row?.audio) throw notFound();
    return reply.type(row.type ?? 'audio/mpeg').header('cache-control', 'public, max-age=31536000, immutable').send(row.audio);
  });
}
