// Users for server tests: one email account per name with a session token, made straight in the
// database (sign-up and login have tests of their own).
import type { Kysely } from 'kysely';
import { systemClock } from '../clock';
import type { Database } from '../db/schema';
import { issueToken } from '../domain/session/tokens';
import { createUser } from '../domain/session/users';
import { uniqueEmail } from './inject';

export interface TestUser {
  id: string;
  token: string;
}

export async function createTestUsers<Name extends string>(db: Kysely<Database>, names: readonly Name[]): Promise<Record<Name, TestUser>> {
  const users = {} as Record<Name, TestUser>;
  for (const name of names) {
    const user = await createUser(db, systemClock, { kind: 'email', value: uniqueEmail(name) }, 'secret123');
    users[name] = { id: user.id, token: await issueToken(db, systemClock, user.id) };
  }
  return users;
}
