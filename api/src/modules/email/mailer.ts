import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { servicePlugin } from '../../plugins/service-plugin';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

export interface Mailer {
  /** Records the message in the outbox and delivers it (SMTP in the background, or the log). */
  send(mail: Mail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** The SMTP side, behind an interface so tests can stand in for a mail server. */
export type SmtpSend = (mail: Mail & { from: string }) => Promise<void>;

export function smtpSender(url: string): SmtpSend {
  const transport = createTransport(url);
  return async ({ from, to, subject, text }) => {
    await transport.sendMail({ from, to, subject, text });
  };
}

export function createMailer(db: Db, log: FastifyBaseLogger, options: { from: string; smtp: SmtpSend | undefined }): Mailer {
  return {
    async send(mail) {
      const [row] = await db.insert(emailOutbox).values({
        ...mail,
        transport: options.smtp ? 'smtp' : 'local',
        sentAt: options.smtp ? null : sql`now()`,
      }).returning({ id: emailOutbox.id });
      if (!options.smtp) {
        // The local outbox: the log line is how a developer on a fresh clone gets the link or code.
        log.info({ outbox: { to: mail.to, subject: mail.subject, text: mail.text } }, 'email kept in the local outbox');
        return;
      }
      const smtp = options.smtp;
      // Not awaited: a slow mail server must not slow the answer (nor time it, which would tell
      // a caller whether the address has an account).
      void smtp({ ...mail, from: options.from })
        .then(() => db.update(emailOutbox).set({ sentAt: sql`now()` }).where(eq(emailOutbox.id, row!.id)))
        .catch(async (err: unknown) => {
          log.error({ err, to: mail.to, kind: mail.kind }, 'email delivery failed');
          await db.update(emailOutbox).set({ error: String(err) }).where(eq(emailOutbox.id, row!.id)).catch(() => undefined);
        });
    },
  };
}

/** Decorates `app.mailer`: SMTP when SMTP_URL is set, else the local outbox. */
export const mailerPlugin = servicePlugin('mailer', async (app: FastifyInstance) => {
  const smtp = app.config.smtpUrl ? smtpSender(app.config.smtpUrl) : undefined;
  app.decorate('mailer', createMailer(app.db, app.log, { from: app.config.mailFrom, smtp }));
});
