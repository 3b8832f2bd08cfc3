import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { API_VERSION, Email } from 'shared-contracts';
import { emailOutbox } from '../../db/schema';
import { badRequest } from '../../http/api-error';

const Query = v.object({ to: v.optional(Email) });

/**
 * GET /v1/dev/outbox[?to=email]: the newest 20 messages of the local outbox, so a developer
 * (and the e2e tests) can follow verification links and read codes without a mail server.
 * Registered only when DEV_OUTBOX is on, which the config refuses in production.
 */
export async function devOutboxRoute(app: FastifyInstance): Promise<void> {
  if (!app.config.devOutbox) return;
  app.log.warn('DEV_OUTBOX is on: GET /v1/dev/outbox shows every email the API sent');
  app.get(`/${API_VERSION}/dev/outbox`, async (request) => {
    const parsed = v.safeParse(Query, request.query);
    if (!parsed.success) throw badRequest(parsed.issues[0].message);
    const { to } = parsed.output;
    const rows = await app.db
      .select({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text, kind: emailOutbox.kind, createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(to ? eq(emailOutbox.to, to) : undefined)
      .orderBy(desc(emailOutbox.createdAt))
      .limit(20);
    return { data: rows };
  });
}
