// Records search (Issue 10 §9) over 100,000 records of one user with 50 transcript lines each
// (5,000,000 lines in the full-text index), through the real handler (app.inject), against listing
// page 1 of the same user's records. Both are reported as p95; the search should stay within 2× the
// list. The rows are inserted straight into SQLite in one transaction; the index triggers
// (0009_search) fill the index exactly as they do for the upload pipeline.
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { buildApp } from '../server/src/app';
import { systemClock } from '../server/src/clock';
import { registerSearchText } from '../server/src/db/dialect';
import { issueToken } from '../server/src/domain/auth/tokens';
import { createUser } from '../server/src/domain/auth/users';
import { sqliteTestConfig } from '../server/src/testing/test-config';

/** SEARCH_BENCH_RECORDS scales the run down for a quick look; the benchmark is defined at 100,000. */
const RECORDS = Number(process.env.SEARCH_BENCH_RECORDS ?? 100_000);
const LINES = 50;
const ITERATIONS = 200;
const WARMUP = 20;

/** Deterministic pseudo-random numbers (mulberry32) so every run searches the same text. */
function random(seed: number): () => number {
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
const VOCABULARY = Array.from({ length: 4000 }, (_, i) => {
  let word = '';
  for (let n = i + 17; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return word;
});
const HANZI = [...'我们明天下午开会讨论预算市场计划客户产品项目时间问题资料报告工作今天已经需要进行确认安排'];

function wordAt(next: () => number): string {
  return VOCABULARY[Math.floor(VOCABULARY.length * next() ** 3)]!;
}

function lineText(next: () => number, chinese: boolean): string {
  if (chinese) return Array.from({ length: 14 }, () => HANZI[Math.floor(HANZI.length * next())]).join('');
  return Array.from({ length: 10 }, () => wordAt(next)).join(' ');
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

export const searchBench = {
  title: `records search: ${RECORDS.toLocaleString('en-US')} records × ${LINES} lines of one user, p95 of a search vs p95 of list page 1 (${ITERATIONS} each)`,
  async run(): Promise<string[]> {
    const config = sqliteTestConfig({ logLevel: 'silent' });
    const app = await buildApp(config);
    try {
      const user = await createUser(app.db, systemClock, { kind: 'email', value: 'search@bench.local' }, 'secret123');
      const token = await issueToken(app.db, systemClock, user.id);
      if (config.database.kind !== 'sqlite') throw new Error('sqlite expected');

      const seedStarted = performance.now();
      const raw = new SQLite(config.database.file);
      registerSearchText(raw);
      // Seeding only: a large page cache keeps the 5,000,000-row insert from thrashing the disk.
      raw.pragma('cache_size = -262144');
      const insertRecord = raw.prepare(`insert into records (id, user_id, folder_id, show_name, kind, state, languages, target_languages,
        speaker, duration_ms, audio_duration_ms, video_cover, favorite, created_at, updated_at)
        values (?, ?, null, ?, 'upload', 'transcription_completed', '["en-US"]', '[]', null, 600000, 600000, null, ?, ?, ?)`);
      const insertLine = raw.prepare(`insert into record_segments (id, record_id, position, start_ms, end_ms, speaker, text, translation, words)
        values (?, ?, ?, ?, ?, null, ?, null, null)`);
      const next = random(42);
      // Ids in insertion order (as sortableId makes them) append to the key indexes instead of
      // scattering 5,000,000 random keys; the queries measured read by entry number and record id alike.
      const idOf = (kind: string, n: number) => `${kind}${n.toString(16).padStart(10, '0')}`;
      raw.transaction(() => {
        for (let r = 0; r < RECORDS; r++) {
          const id = idOf('r', r);
          const at = new Date(Date.UTC(2024, 0, 1) + r * 60_000).toISOString();
          const chinese = r % 10 === 9;
          insertRecord.run(id, user.id, `Meeting ${wordAt(next)} ${r}`, r % 10 === 0 ? 1 : 0, at, at);
          for (let l = 0; l < LINES; l++) insertLine.run(idOf('s', r * LINES + l), id, l, l * 12_000, l * 12_000 + 11_000, lineText(next, chinese));
        }
      })();
      raw.close();
      const seedMs = performance.now() - seedStarted;

      const time = async (url: string, check: (body: { code: number; data: { rows: unknown[] } }) => boolean): Promise<number> => {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url: `/prod-api${url}`, headers: { authorization: `Bearer ${token}` } });
        const elapsed = performance.now() - started;
        const body = JSON.parse(response.body) as { code: number; data: { rows: unknown[] } };
        if (!check(body)) throw new Error(`unexpected answer for ${url}: ${response.body.slice(0, 200)}`);
        return elapsed;
      };

      // Queries as people type them: common, middling and rare words, word prefixes, two words,
      // Chinese words of two and three characters, filters on.
      const pick = random(7);
      const KINDS = ['common word', 'rarer word', 'prefix', 'two words', 'chinese', 'filtered'];
      const queries = Array.from({ length: WARMUP + ITERATIONS }, (_, i) => {
        const kind = i % 6;
        if (kind === 0) return `q=${wordAt(pick)}`;
        if (kind === 1) return `q=${VOCABULARY[1000 + Math.floor(pick() * 3000)]}`;
        if (kind === 2) return `q=${wordAt(pick).slice(0, 3)}`;
        if (kind === 3) return `q=${encodeURIComponent(`${wordAt(pick)} ${wordAt(pick)}`)}`;
        if (kind === 4) return `q=${encodeURIComponent(HANZI.slice(i % 20, (i % 20) + 2 + (i % 2)).join(''))}`;
        return `q=${wordAt(pick)}&favorite=1&folderId=1`;
      });
      const searchSamples: number[] = [];
      const listSamples: number[] = [];
      let hits = 0;
      const byKind: number[][] = [];
      for (let i = 0; i < WARMUP + ITERATIONS; i++) {
        const listMs = await time('/speech/audio/transcribe/query?pageNum=1&pageSize=20', (body) => body.code === 200 && body.data.rows.length === 20);
        const searchMs = await time(`/speech/audio/transcribe/search?pageNum=1&pageSize=20&${queries[i]}`, (body) => {
          hits += body.data?.rows?.length ?? 0;
          return body.code === 200;
        });
        if (i >= WARMUP) {
          listSamples.push(listMs);
          searchSamples.push(searchMs);
          (byKind[i % KINDS.length] ??= []).push(searchMs);
        }
      }
      const listP95 = p95(listSamples);
      const searchP95 = p95(searchSamples);
      return [
        `seeded ${RECORDS.toLocaleString('en-US')} records and ${(RECORDS * LINES).toLocaleString('en-US')} lines in ${(seedMs / 1000).toFixed(1)} s (one transaction; index filled by the triggers)`,
        `search p95 by kind: ${KINDS.map((kind, k) => `${kind} ${p95(byKind[k] ?? [0]).toFixed(1)} ms`).join(' · ')}`,
        `list page 1 p95: ${listP95.toFixed(2)} ms · search p95: ${searchP95.toFixed(2)} ms (${(hits / (WARMUP + ITERATIONS)).toFixed(1)} hits a query on average) · ratio ${(searchP95 / listP95).toFixed(2)} (aim ≤ 2)`,
      ];
    } finally {
      await app.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  },
};
