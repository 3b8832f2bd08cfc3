import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { Id } from 'shared-contracts';
import { dialerSettings } from '../../db/schema';
import { forbidden, notFound } from '../../http/api-error';
import { VOICEMAIL_LINK_WINDOW_SECONDS, VOICEMAIL_PATH, voicemailLinks } from './voicemail-links';

const LinkQuery = v.object({ expires: v.string(), signature: v.string() });

/**
 * An account's default voicemail, for whoever holds a link the API signed for that account (its
 * dialer setting answers one to the account's agents). The web app on its own origin plays it,
 * so other origins may embed it; the bytes were checked to be audio when they were uploaded.
 */
export async function voicemailRoute(app: FastifyInstance): Promise<void> {
  const links = voicemailLinks(app.config);
  app.get(`${VOICEMAIL_PATH}/:accountId`, async (request, reply) => {
    const accountId = (request.params as { accountId?: unknown }).accountId;
    const query = v.safeParse(LinkQuery, request.query);
    if (!v.is(Id, accountId) || !query.success || !links.grants(accountId, query.output.expires, query.output.signature)) throw forbidden();
    const [row] = await app.db.select({ audio: dialerSettings.voicemailAudio, type: dialerSettings.voicemailMimeType })
      .from(dialerSettings).where(eq(dialerSettings.accountId, accountId));
    if (!row?.audio) throw notFound();
    return reply.type(row.type ?? 'audio/mpeg')
      .header('cache-control', `private, max-age=${VOICEMAIL_LINK_WINDOW_SECONDS}`)
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(row.audio);
  });
}
