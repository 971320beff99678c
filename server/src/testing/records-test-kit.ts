// Test support for record and folder tests: an app on one database variant with a manual clock,
// and users signed in without the code round-trip (sign-in itself is tested in auth.test.ts).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import type { UserRow } from '../db/schema';
import type { DatabaseVariant } from './database-variants';
import { call, ManualClock, uniqueEmail, type CallResult } from './inject';
import { issueToken } from '../domain/session/tokens';
import { createUser } from '../domain/session/users';
import { createRecord, type CreateRecordInput } from '../domain/records/create-record';

export interface TestUser {
  user: UserRow;
  token: string;
}

export interface RecordsTestApp {
  app: FastifyInstance;
  clock: ManualClock;
  signUp(label?: string): Promise<TestUser>;
  seedRecord(owner: TestUser, input?: Partial<Omit<CreateRecordInput, 'userId'>>): Promise<string>;
  get(path: string, who: TestUser | null, query?: Record<string, string | number | undefined>, lang?: string): Promise<CallResult>;
  post(path: string, who: TestUser | null, body: unknown, lang?: string): Promise<CallResult>;
}

/**
 * Registers beforeAll/afterAll for the variant; the returned object is filled once the app is up.
 * `overrides` changes the app's configuration (e.g. remote engines for languages the embedded ones lack).
 */
export function useRecordsTestApp(variant: DatabaseVariant, overrides: Partial<ServerConfig> = {}): RecordsTestApp {
  const clock = new ManualClock(Date.parse('2025-03-01T10:00:00.000Z'));
  let cleanup: () => Promise<void> = async () => undefined;
  const kit = { clock } as RecordsTestApp;

  beforeAll(async () => {
    if (variant.skipReason) return;
    const created = await variant.create(overrides);
    cleanup = created.cleanup;
    kit.app = await buildApp(created.config, { clock });
  });
  afterAll(async () => {
    if (variant.skipReason) return;
    await kit.app.close();
    await cleanup();
  });

  kit.signUp = async (label = 'user') => {
    const user = await createUser(kit.app.db, clock, { kind: 'email', value: uniqueEmail(label) }, 'secret123');
    return { user, token: await issueToken(kit.app.db, clock, user.id) };
  };
  kit.seedRecord = async (owner, input = {}) => {
    const row = await createRecord(kit.app.db, clock, {
      showName: 'Weekly sync',
      segments: [
        { startMs: 0, endMs: 1500, speaker: 'Ann', text: 'Hello there.', translation: 'Hola.' },
        { startMs: 1500, endMs: 3000, speaker: 'Bob', text: 'Hi Ann.', translation: 'Hola Ann.' },
      ],
      languages: ['en-US'],
      targetLanguages: ['es-ES'],
      ...input,
      userId: owner.user.id,
    });
    return row.id;
  };
  kit.get = (path, who, query = {}, lang) => {
    const search = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined).map(([k, v]) => [k, String(v)]),
    ).toString();
    return call(kit.app, 'GET', search ? `${path}?${search}` : path, { token: who?.token ?? null, lang });
  };
  kit.post = (path, who, body, lang) => call(kit.app, 'POST', path, { token: who?.token ?? null, body, lang });
  return kit;
}
