// Every e-mail and SMS the server sends is written to the outbox table and logged first, so codes
// can always be found (the development page reads them from here). With SMTP_URL set, e-mail is
// also delivered by SMTP. There is no SMS gateway adapter yet: phone messages stay in the outbox.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { Clock } from '../../clock';
import type { Database, OutboxRow } from '../../db/schema';
import { sortableId } from '../../db/sortable-id';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
}

export interface Outbox {
  /** Records the message and delivers it; false when a configured SMTP delivery failed. */
  send(message: OutgoingMessage): Promise<boolean>;
  latest(limit: number): Promise<OutboxRow[]>;
  close(): void;
}

export function createOutbox(options: {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl: string | null;
  mailFrom: string;
}): Outbox {
  const { db, clock, log, smtpUrl, mailFrom } = options;
  // nodemailer is loaded with the first e-mail sent, not at server start (bench/server-start.bench.ts).
  let transport: Promise<Transporter> | null = null;
  const transportOf = (url: string) => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));

  return {
    async send(message) {
      const id = sortableId();
      const viaSmtp = Boolean(smtpUrl) && message.channel === 'email';
      await db
        .insertInto('outbox')
        .values({ id, ...message, created_at: clock.now().toISOString(), delivered_via: viaSmtp ? 'smtp-pending' : 'outbox' })
        .execute();
      log.info({ outbox: { channel: message.channel, target: message.target, subject: message.subject, body: message.body } }, 'outbox message');
      if (!viaSmtp || !smtpUrl) return true;
      try {
        await (await transportOf(smtpUrl)).sendMail({ from: mailFrom, to: message.target, subject: message.subject, text: message.body });
        await db.updateTable('outbox').set({ delivered_via: 'smtp' }).where('id', '=', id).execute();
        return true;
      } catch (error) {
        log.error({ err: error, target: message.target }, 'SMTP delivery failed');
        await db.updateTable('outbox').set({ delivered_via: 'smtp-failed' }).where('id', '=', id).execute();
        return false;
      }
    },
    async latest(limit) {
      return db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
    close() {
      void transport?.then((opened) => opened.close(), () => undefined);
    },
  };
}
