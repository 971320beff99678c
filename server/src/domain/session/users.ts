// User rows: lookup by e-mail or phone, creation, password changes.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { VISITOR_NAME } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, UserRow } from '../../db/schema';
import { hashPassword } from './passwords';

export type AccountAddress = { kind: 'email' | 'phone'; value: string };

export async function findUserByAddress(db: Kysely<Database>, address: AccountAddress): Promise<UserRow | null> {
  const column = address.kind === 'email' ? 'email' : 'phone';
  return (await db.selectFrom('users').selectAll().where(column, '=', address.value).executeTakeFirst()) ?? null;
}

export async function createUser(
  db: Kysely<Database>,
  clock: Clock,
  address: AccountAddress,
  password: string,
  name?: string,
): Promise<UserRow> {
  const now = clock.now().toISOString();
  const defaultName = address.kind === 'email' ? address.value.split('@')[0] ?? address.value : address.value;
  const row: UserRow = {
    id: randomUUID(),
    email: address.kind === 'email' ? address.value : null,
    phone: address.kind === 'phone' ? address.value : null,
    name: name?.trim() || defaultName,
    nickname: null,
    avatar: null,
    password_hash: await hashPassword(password),
    is_visitor: 0,
    share_status: '0',
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

export async function createVisitor(db: Kysely<Database>, clock: Clock): Promise<UserRow> {
  const now = clock.now().toISOString();
  const row: UserRow = {
    id: randomUUID(),
    email: null,
    phone: null,
    name: VISITOR_NAME,
    nickname: null,
    avatar: null,
    password_hash: null,
    is_visitor: 1,
    share_status: '0',
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

export async function setPassword(db: Kysely<Database>, clock: Clock, userId: string, password: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), updated_at: clock.now().toISOString() })
    .where('id', '=', userId)
    .execute();
}
