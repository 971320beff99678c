// Migration 0025: a record's ledger entries (read before every upload and dub charge or refund) are
// found through an index, not by scanning the whole ledger.
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { sqliteTestConfig } from '../testing/test-config';

const config = sqliteTestConfig({ logLevel: 'silent' });
let app: Awaited<ReturnType<typeof buildApp>>;
let raw: SQLite.Database;

beforeAll(async () => {
  app = await buildApp(config);
  if (config.database.kind !== 'sqlite') throw new Error('sqlite expected');
  raw = new SQLite(config.database.file, { readonly: true });
});
afterAll(async () => {
  raw.close();
  await app.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

describe('ledger entries by record', () => {
  it('are looked up through the record index, as the charge and refund reads ask', () => {
    const plan = raw
      .prepare("explain query plan select source_key, kind from ledger_entries where record_id = ? and usage = 'upload'")
      .all('some-record') as Array<{ detail: string }>;
    const details = plan.map((step) => step.detail).join('\n');
    expect(details).toMatch(/USING INDEX ledger_entries_record_usage/);
    expect(details).not.toMatch(/^SCAN ledger_entries$/m);
  });
});
