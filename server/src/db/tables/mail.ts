// The mail outbox (0001): messages written with the change that causes them, sent by the outbox worker.
import type { Selectable } from 'kysely';

export interface OutboxTable {
  id: string;
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
  created_at: string;
  delivered_via: string;
}

/** The mail tables as the Database names them (server/src/db/schema.ts composes them). */
export interface MailTables {
  outbox: OutboxTable;
}

export type OutboxRow = Selectable<OutboxTable>;
