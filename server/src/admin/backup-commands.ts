// `npm run admin -- backup <file>` and `restore <file>` (issue 9: nothing lost).
//
// SQLite: the backup is made online with SQLite's backup API (better-sqlite3 `.backup()`), which
// copies one consistent snapshot while the server keeps writing (WAL: the copy reads a snapshot,
// writers append to the log), so no half-written transaction ends up in the file. The copy is one SQLite file
// that also holds a manifest of the media store (`backup_media`: every stored object with its size):
// the media metadata (media_files, upload sessions and parts) is in the database itself, and the
// manifest lets `restore` say exactly which media bytes must be copied back (DATA_DIR/media is not
// copied into the file: it can be hundreds of GB; copy it with rsync or snapshots).
//
// PostgreSQL: pg_dump makes the consistent online copy (one transaction snapshot); when pg_dump is on
// PATH it is run, otherwise the exact commands are printed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { ServerConfig } from '../config';
import { createDatabase } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import type { ServerT } from '../i18n';
import { mediaRoot } from '../storage/local-media-store';
import type { AdminIo } from './admin-io';

type T = (key: string, params?: Record<string, unknown>) => string;

/** Every file under DATA_DIR/media/objects as (object name, bytes). */
function mediaObjects(dataDir: string): Array<{ name: string; size: number }> {
  const root = path.join(mediaRoot(dataDir), 'objects');
  const found: Array<{ name: string; size: number }> = [];
  const walk = (dir: string) => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) found.push({ name: path.relative(root, full).split(path.sep).join('/'), size: fs.statSync(full).size });
    }
  };
  walk(root);
  return found;
}

function postgresUrl(config: ServerConfig): { url: string; schema?: string } {
  if (config.database.kind !== 'postgres') throw new Error('not PostgreSQL');
  return { url: config.database.url, schema: config.database.schema };
}

function run(command: string, args: string[], io: AdminIo): boolean {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.stderr?.trim()) io.err(result.stderr.trim());
  return result.status === 0;
}

async function backupSqlite(config: ServerConfig, file: string, io: AdminIo, t: T): Promise<number> {
  if (config.database.kind !== 'sqlite') return 1;
  if (!fs.existsSync(config.database.file)) {
    io.err(t('admin.backupNoDatabase', { file: config.database.file }));
    return 1;
  }
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.rmSync(partial, { force: true });
  const source = new SQLite(config.database.file, { readonly: true, fileMustExist: true });
  source.pragma('busy_timeout = 5000');
  try {
    // All pages in one step: a write by the server between two steps would restart the copy (forever,
    // under steady writes). One step reads one WAL snapshot, during which the server keeps writing.
    await source.backup(partial, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
  } finally {
    source.close();
  }
  const copy = new SQLite(partial);
  try {
    const objects = mediaObjects(config.dataDir);
    copy.exec('create table backup_media (object_name text primary key, size_bytes integer not null)');
    copy.exec('create table backup_manifest (key text primary key, value text not null)');
    const insert = copy.prepare('insert into backup_media (object_name, size_bytes) values (?, ?)');
    copy.transaction(() => {
      for (const object of objects) insert.run(object.name, object.size);
    })();
    const manifest = copy.prepare('insert into backup_manifest (key, value) values (?, ?)');
    manifest.run('created_at', new Date().toISOString());
    manifest.run('source', config.database.file);
    if (copy.pragma('integrity_check', { simple: true }) !== 'ok') throw new Error('the copy failed its integrity check');
    const records = (copy.prepare('select count(*) as n from records').get() as { n: number }).n;
    copy.close();
    // Renamed only when complete, so a crash mid-backup never leaves a file that looks finished.
    fs.renameSync(partial, target);
    io.out(t('admin.backupDone', { file: target, records, objects: objects.length, media: mediaRoot(config.dataDir) }));
    return 0;
  } catch (error) {
    if (copy.open) copy.close();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

async function restoreSqlite(config: ServerConfig, file: string, force: boolean, io: AdminIo, t: T): Promise<number> {
  if (config.database.kind !== 'sqlite') return 1;
  const source = path.resolve(file);
  if (!fs.existsSync(source)) {
    io.err(t('admin.restoreMissing', { file: source }));
    return 1;
  }
  const target = config.database.file;
  if (fs.existsSync(target) && !force) {
    io.err(t('admin.restoreWouldOverwrite', { file: target }));
    return 1;
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
  const backup = new SQLite(source, { readonly: true, fileMustExist: true });
  let expected: Array<{ object_name: string; size_bytes: number }> = [];
  try {
    expected = backup.prepare('select object_name, size_bytes from backup_media').all() as typeof expected;
    await backup.backup(target);
  } finally {
    backup.close();
  }
  const restored = new SQLite(target);
  try {
    restored.exec('drop table if exists backup_media; drop table if exists backup_manifest;');
  } finally {
    restored.close();
  }
  // A backup made by an older version is brought up to this version's schema.
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  const present = new Map(mediaObjects(config.dataDir).map((o) => [o.name, o.size]));
  const missing = expected.filter((o) => present.get(o.object_name) !== o.size_bytes);
  io.out(t('admin.restoreDone', { file: target }));
  if (missing.length > 0) {
    io.out(t('admin.restoreMediaMissing', { count: missing.length, media: path.join(mediaRoot(config.dataDir), 'objects') }));
    for (const object of missing.slice(0, 20)) io.out(`  ${object.object_name}`);
  }
  return 0;
}

export async function runBackupCommand(argv: string[], config: ServerConfig, io: AdminIo, t: ServerT): Promise<number> {
  const tr: T = t;
  const [command, file, flag] = argv;
  if (!file) {
    io.err(tr('admin.backupUsage'));
    return 1;
  }
  if (config.database.kind === 'postgres') {
    const { url, schema } = postgresUrl(config);
    const schemaArgs = schema ? [`--schema=${schema}`] : [];
    const args =
      command === 'backup'
        ? ['--format=custom', `--file=${path.resolve(file)}`, ...schemaArgs, url]
        : ['--clean', '--if-exists', '--no-owner', `--dbname=${url}`, path.resolve(file)];
    const program = command === 'backup' ? 'pg_dump' : 'pg_restore';
    const available = spawnSync(program, ['--version'], { encoding: 'utf8' }).status === 0;
    if (available && run(program, args, io)) {
      io.out(tr(command === 'backup' ? 'admin.pgBackupDone' : 'admin.pgRestoreDone', { file: path.resolve(file) }));
      return 0;
    }
    io.err(tr('admin.pgInstructions', { command: `${program} ${args.map((a) => (a.includes(' ') ? `'${a}'` : a)).join(' ')}` }));
    return 1;
  }
  return command === 'backup' ? backupSqlite(config, file, io, tr) : restoreSqlite(config, file, flag === '--force', io, tr);
}
