// The search benchmark's database: one user with `records` records of `lines` transcript lines of
// skewed pseudo-random words (every tenth record Chinese), built once and kept under
// node_modules/.cache keyed by the parameters and by every file that decides its contents (this
// file, the migrations and the index text rule), so re-runs skip the seeding.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../../server/src/app';
import { systemClock } from '../../server/src/clock';
import type { ServerConfig } from '../../server/src/config';
import { registerSearchText } from '../../server/src/db/dialect';
import { createUser } from '../../server/src/domain/session/users';
import { loadWithSearchIndexDeferred } from '../../server/src/testing/search-bulk-load';

/** Deterministic pseudo-random numbers (mulberry32) so every run searches the same text. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Words are drawn with a Zipf-like skew, as speech is: a few very common, a long tail of rare ones.
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'si', 'de', 'pa', 'go', 'ni', 'be', 'ha', 'zu', 'ri'];
export const VOCABULARY = Array.from({ length: 4000 }, (_, i) => {
  let word = '';
  for (let n = i + 17; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return word;
});
export const HANZI = [...'我们明天下午开会讨论预算市场计划客户产品项目时间问题资料报告工作今天已经需要进行确认安排'];

export function wordAt(next: () => number): string {
  return VOCABULARY[Math.floor(VOCABULARY.length * next() ** 3)]!;
}

function lineText(next: () => number, chinese: boolean): string {
  if (chinese) return Array.from({ length: 14 }, () => HANZI[Math.floor(HANZI.length * next())]).join('');
  return Array.from({ length: 10 }, () => wordAt(next)).join(' ');
}

export const BENCH_EMAIL = 'search@bench.local';

/** Inserts the rows straight into SQLite; the index is filled in bulk as the triggers would (search-bulk-load.ts). */
function seed(file: string, userId: string, records: number, lines: number): void {
  const raw = new SQLite(file);
  try {
    registerSearchText(raw);
    // Seeding only, with no other connection open: no journal and no fsync (a crash leaves no cache
    // entry behind, see below), and a large page cache for the 5,000,000-row insert.
    raw.pragma('journal_mode = delete');
    raw.pragma('synchronous = off');
    raw.pragma('cache_size = -524288');
    const insertRecord = raw.prepare(`insert into records (id, user_id, folder_id, show_name, kind, state, languages, target_languages,
      speaker, duration_ms, audio_duration_ms, video_cover, favorite, created_at, updated_at)
      values (?, ?, null, ?, 'upload', 'transcription_completed', '["en-US"]', '[]', null, 600000, 600000, null, ?, ?, ?)`);
    const insertLine = raw.prepare(`insert into record_segments (id, record_id, position, start_ms, end_ms, speaker, text, translation, words)
      values (?, ?, ?, ?, ?, null, ?, null, null)`);
    const next = random(42);
    // Ids in insertion order (as sortableId makes them) append to the key indexes instead of
    // scattering 5,000,000 random keys; the queries measured read by entry number and record id alike.
    const idOf = (kind: string, n: number) => `${kind}${n.toString(16).padStart(10, '0')}`;
    loadWithSearchIndexDeferred(raw, () => {
      for (let r = 0; r < records; r++) {
        const id = idOf('r', r);
        const at = new Date(Date.UTC(2024, 0, 1) + r * 60_000).toISOString();
        const chinese = r % 10 === 9;
        insertRecord.run(id, userId, `Meeting ${wordAt(next)} ${r}`, r % 10 === 0 ? 1 : 0, at, at);
        for (let l = 0; l < lines; l++) insertLine.run(idOf('s', r * lines + l), id, l, l * 12_000, l * 12_000 + 11_000, lineText(next, chinese));
      }
    });
    raw.pragma('journal_mode = wal');
  } finally {
    raw.close();
  }
}

/** Where the seeded database of these parameters is kept; the name changes with anything that shapes it. */
export function cachedSeedFile(records: number, lines: number): string {
  const cacheDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../node_modules/.cache/parley-search-bench');
  return path.join(cacheDir, `${records}x${lines}-${cacheKey(records, lines)}.sqlite`);
}

function cacheKey(records: number, lines: number): string {
  const hash = createHash('sha256').update(JSON.stringify({ records, lines }));
  const here = path.dirname(new URL(import.meta.url).pathname);
  const server = path.join(here, '../../server/src/db');
  const migrations = path.join(server, 'migrations');
  const inputs = [
    new URL(import.meta.url).pathname,
    path.join(here, '../../server/src/testing/search-bulk-load.ts'),
    path.join(server, 'search-text.ts'),
    path.join(here, '../../server/src/domain/records/search-index-upkeep.ts'),
    ...fs.readdirSync(migrations).sort().map((name) => path.join(migrations, name)),
  ];
  for (const input of inputs) hash.update(input.slice(input.lastIndexOf('/'))).update(fs.readFileSync(input));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Puts the benchmark database at the configuration's SQLite file: a copy of the cached one when it
 * exists, else built (migrations through the app, then the seed) and cached. Returns the user's id.
 */
export async function prepareSearchDatabase(config: ServerConfig, records: number, lines: number): Promise<{ userId: string; reused: boolean; seedMs: number }> {
  if (config.database.kind !== 'sqlite') throw new Error('sqlite expected');
  const file = config.database.file;
  const cached = cachedSeedFile(records, lines);
  const cacheDir = path.dirname(cached);
  const started = performance.now();
  let reused = fs.existsSync(cached);
  if (!reused) {
    const app = await buildApp(config);
    const user = await createUser(app.db, systemClock, { kind: 'email', value: BENCH_EMAIL }, 'secret123');
    await app.close();
    seed(file, user.id, records, lines);
    // What a running server does with an index written in bulk (search-index-upkeep.ts): it merges the
    // segments in idle time, at start and every minute. The cached database is the merged one, as a
    // server holds it once it has had a quiet moment since the lines came in.
    const merging = await buildApp(config);
    await merging.ready();
    await merging.services.searchUpkeep.idle();
    await merging.close();
    fs.mkdirSync(cacheDir, { recursive: true });
    // Older seeds of this size are of no further use.
    for (const name of fs.readdirSync(cacheDir)) if (name.startsWith(`${records}x${lines}-`)) fs.rmSync(path.join(cacheDir, name));
    // Written under a temporary name and renamed, so an interrupted copy is never taken for a seed.
    fs.copyFileSync(file, `${cached}.partial`);
    fs.renameSync(`${cached}.partial`, cached);
  } else {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(cached, file);
  }
  const raw = new SQLite(file, { readonly: true });
  const user = raw.prepare('select id from users where email = ?').get(BENCH_EMAIL) as { id: string } | undefined;
  raw.close();
  if (!user) throw new Error(`no bench user in ${reused ? cached : file}`);
  return { userId: user.id, reused, seedMs: performance.now() - started };
}
