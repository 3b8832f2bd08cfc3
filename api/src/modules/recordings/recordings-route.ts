import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { Id } from 'shared-contracts';
import { calls, conversations } from '../../db/schema';
import { forbidden, notFound } from '../../http/api-error';
import { ASSETS_FOLDER } from '../../paths';
import { featureNotInPlan, hasFeature } from '../entitlements';
import { byteRange } from './byte-range';
import { DEMO_RECORDING_PATH, LINK_WINDOW_SECONDS, RECORDINGS_PATH } from './recording-links';

/** The audio files the API serves, by the path a conversation's recording URL stores. */
const SHIPPED: ReadonlyArray<{ path: string; file: URL; type: string }> = [
  { path: DEMO_RECORDING_PATH, file: new URL('recordings/demo-call.mp3', ASSETS_FOLDER), type: 'audio/mpeg' },
];

const LinkQuery = v.object({ call: Id, expires: v.string(), signature: v.string() });

/**
 * A call's recording, for whoever holds a link the API signed for that call (the call logs and
 * call report answer one to the account's users). The link names the call, and the call's
 * conversation must store this recording, so a link for one call opens no other.
 */
export async function recordingsRoute(app: FastifyInstance): Promise<void> {
  const shipped = new Map(await Promise.all(SHIPPED.map(async (r) => [r.path, { bytes: await readFile(r.file), type: r.type }] as const)));

  app.get(`${RECORDINGS_PATH}/:file`, async (request, reply) => {
    const query = v.safeParse(LinkQuery, request.query);
    if (!query.success || !app.recordingLinks.grants(query.output.call, query.output.expires, query.output.signature)) throw forbidden();
    const path = `${RECORDINGS_PATH}/${(request.params as { file: string }).file}`;
    const audio = shipped.get(path);
    if (audio === undefined) throw notFound();
    const [row] = await app.db.select({ recordingUrl: conversations.recordingUrl, accountId: calls.accountId })
      .from(conversations).innerJoin(calls, eq(calls.id, conversations.callId)).where(eq(conversations.callId, query.output.call));
    if (row?.recordingUrl !== path) throw notFound();
    // A link signed before a downgrade stops playing; the recording is kept for a later upgrade.
    if (!(await hasFeature(app.db, row.accountId, 'callRecordings'))) throw featureNotInPlan('callRecordings');

    const size = audio.bytes.length;
    reply.type(audio.type)
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', 'bytes')
      // The signature is the access check, so the web app may play it from whatever origin it is served on.
      .header('cross-origin-resource-policy', 'cross-origin')
      // The link is good for one to two windows; the browser may keep the bytes for one.
      .header('cache-control', `private, max-age=${LINK_WINDOW_SECONDS}`);
    const range = byteRange(request.headers.range, size);
    if (range.kind === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
    if (range.kind === 'whole') return reply.send(audio.bytes);
    return reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .send(audio.bytes.subarray(range.start, range.end + 1));
  });
}
