// Row types of every table. Timestamps are ISO-8601 UTC text and flags are 0/1 integers on both
// databases, so the same queries and migrations run unchanged on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable } from 'kysely';

export interface UsersTable {
  id: string;
  email: string | null;
  phone: string | null;
  name: string;
  nickname: string | null;
  avatar: string | null;
  password_hash: string | null;
  is_visitor: number;
  share_status: '0' | '1';
  created_at: string;
  updated_at: string;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface VerificationCodesTable {
  id: string;
  target: string;
  scene: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  attempts: Generated<number>;
}

export interface OutboxTable {
  id: string;
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
  created_at: string;
  delivered_via: string;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type OutboxRow = Selectable<OutboxTable>;
