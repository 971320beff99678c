// Issue 9: `npm run admin -- backup <file>` copies the database online while the server keeps
// writing, and `restore <file>` brings it back into a new DATA_DIR, equal to what was written.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import { createDatabase } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { createUser } from '../domain/session/users';
import { createRecord } from '../domain/records/create-record';
import { databaseVariants } from '../testing/database-variants';
import { sqliteTestConfig, tempDataDir } from '../testing/test-config';
import { runAdmin } from './run-admin';

const variants = await databaseVariants();
const postgres = variants.find((v) => v.name === 'postgres')!;

async function admin(argv: string[], config: ReturnType<typeof sqliteTestConfig>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, config, { out: (l) => out.push(l), err: (l) => err.push(l) }, 'en_US.UTF-8');
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const rowsOf = async (db: ReturnType<typeof createDatabase>) => ({
  records: await db.selectFrom('records').select(['id', 'show_name', 'user_id']).orderBy('id').execute(),
  segments: await db.selectFrom('record_segments').select(['record_id', 'text']).orderBy('record_id').orderBy('text').execute(),
  media: await db.selectFrom('media_files').selectAll().orderBy('id').execute(),
});

describe('backup and restore', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('SQLite: backs up online while records are written, restores into a new DATA_DIR, equal to the source at the backup', async () => {
    const source = sqliteTestConfig();
    const target = sqliteTestConfig();
    dirs.push(source.dataDir, target.dataDir);
    const db = createDatabase(source.database);
    await migrateToLatest(db);
    const user = await createUser(db, systemClock, { kind: 'email', value: 'backup@example.com' }, 'secret123');
    const write = (i: number) =>
      createRecord(db, systemClock, { userId: user.id, showName: `talk ${i}`, segments: [{ startMs: 0, endMs: 1000, speaker: 'A', text: `line ${i}`, translation: null }] });
    for (let i = 0; i < 200; i++) await write(i);
    // A media object and its row, as an upload leaves them.
    fs.mkdirSync(path.join(source.dataDir, 'media', 'objects', user.id), { recursive: true });
    fs.writeFileSync(path.join(source.dataDir, 'media', 'objects', user.id, 'a.wav'), Buffer.alloc(4096, 1));
    await db.insertInto('media_files').values({
      id: 'media-1', user_id: user.id, object_name: `${user.id}/a.wav`, ori_file_name: 'a.wav', size_bytes: 4096, duration_ms: 1000,
      format_name: 'wav', has_video: 0, folder_id: null, submitted_at: null, created_at: new Date().toISOString(),
    }).execute();

    // Writes continue during the backup.
    let writing = true;
    let written = 200;
    const writer = (async () => {
      while (writing) {
        await write(written++);
        // better-sqlite3 answers synchronously: yield so the backup's steps (setImmediate) interleave, as requests do.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const file = path.join(tempDataDir(), 'parley.backup');
    dirs.push(path.dirname(file));
    const backup = await admin(['backup', file], source);
    expect(written).toBeGreaterThan(200);
    writing = false;
    await writer;
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toContain('manifest of 1 media files');
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const restored = await admin(['restore', file], target);
    expect(restored.code).toBe(0);
    // The media bytes live outside the database file: restore names what to copy back.
    expect(restored.out).toContain(`1 media files of the backup are not in`);
    expect(restored.out).toContain(`${user.id}/a.wav`);
    // Restoring over an existing database needs --force.
    expect((await admin(['restore', file], target)).code).toBe(1);

    const copy = createDatabase(target.database);
    const after = await rowsOf(copy);
    const live = await rowsOf(db);
    await copy.destroy();
    await db.destroy();
    // A consistent snapshot: at least everything written before, nothing invented, every record whole.
    expect(after.records.length).toBeGreaterThanOrEqual(200);
    expect(after.records.length).toBeLessThanOrEqual(live.records.length);
    const liveById = new Map(live.records.map((r) => [r.id, r]));
    for (const record of after.records) expect(record).toEqual(liveById.get(record.id));
    expect(after.segments.length).toBe(after.records.length);
    expect(after.media).toEqual(live.media);
    // The restored DATA_DIR serves as it is (migrated, no backup tables left).
    const sqlite = (await import('better-sqlite3')).default;
    const check = new sqlite(target.database.kind === 'sqlite' ? target.database.file : '');
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(check.prepare("select count(*) as n from sqlite_master where name like 'backup_%'").get()).toEqual({ n: 0 });
    check.close();
  }, 60_000);

  it.skipIf(postgres.skipReason)('PostgreSQL: runs pg_dump (or prints the command to run)', async () => {
    const { config, cleanup } = await postgres.create();
    try {
      const db = createDatabase(config.database);
      await migrateToLatest(db, config.database.kind === 'postgres' ? config.database.schema : undefined);
      await db.destroy();
      const file = path.join(tempDataDir(), 'pg.dump');
      dirs.push(path.dirname(file));
      const answer = await admin(['backup', file], config);
      // pg_dump refuses a server newer than itself: then the answer is the command to run elsewhere.
      if (answer.code === 0) {
        expect(answer.out).toContain('PostgreSQL backup written to');
        expect(fs.statSync(file).size).toBeGreaterThan(0);
      } else {
        expect(answer.err).toContain('pg_dump --format=custom');
      }
    } finally {
      await cleanup();
    }
  }, 60_000);
});
