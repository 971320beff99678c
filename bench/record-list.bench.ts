// Record list page 1 for a user with 100 records against a user with 100,000, through the real
// handler (app.inject: routing, validation, auth, query, views). Index-backed queries keep the
// ratio near 1; a table scan or an in-memory sort would grow it with the record count.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../server/src/app';
import type { RecordRow } from '../server/src/db/schema';
import { issueToken } from '../server/src/domain/session/tokens';
import { createUser } from '../server/src/domain/session/users';
import { systemClock } from '../server/src/clock';
import { sqliteTestConfig } from '../server/src/testing/test-config';

const SMALL = 100;
const LARGE = 100_000;
const ITERATIONS = 300;
const WARMUP = 30;
const BATCH = 500;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function recordRow(userId: string, index: number): RecordRow {
  const at = new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString();
  return {
    id: randomUUID(),
    user_id: userId,
    folder_id: null,
    show_name: `Record ${((index * 7919) % 100_003).toString().padStart(6, '0')}`,
    kind: 'upload',
    state: 'transcription_completed',
    languages: '["en-US"]',
    target_languages: '[]',
    speaker: null,
    duration_ms: 60_000,
    audio_duration_ms: 60_000,
    video_cover: null,
    favorite: index % 10 === 0 ? 1 : 0,
    created_at: at,
    updated_at: at,
  };
}

export const recordListBench = {
  title: `record list page 1 (pageSize 20): ${SMALL} vs ${LARGE.toLocaleString('en-US')} records of one user (median of ${ITERATIONS})`,
  async run(): Promise<string[]> {
    const config = sqliteTestConfig({ logLevel: 'silent' });
    const app = await buildApp(config);
    try {
      const small = await createUser(app.db, systemClock, { kind: 'email', value: 'small@bench.local' }, 'secret123');
      const large = await createUser(app.db, systemClock, { kind: 'email', value: 'large@bench.local' }, 'secret123');
      const seedStarted = performance.now();
      await app.db.transaction().execute(async (trx) => {
        for (const [userId, count] of [[small.id, SMALL], [large.id, LARGE]] as const) {
          for (let start = 0; start < count; start += BATCH) {
            const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => recordRow(userId, start + i));
            await trx.insertInto('records').values(rows).execute();
          }
        }
      });
      const seedMs = performance.now() - seedStarted;
      const tokens = { small: await issueToken(app.db, systemClock, small.id), large: await issueToken(app.db, systemClock, large.id) };

      const timePage = async (token: string, query: string): Promise<number> => {
        const samples: number[] = [];
        for (let i = 0; i < WARMUP + ITERATIONS; i++) {
          const started = performance.now();
          const response = await app.inject({
            method: 'GET',
            url: `/prod-api/speech/audio/transcribe/query?pageNum=1&pageSize=20&${query}`,
            headers: { authorization: `Bearer ${token}` },
          });
          const elapsed = performance.now() - started;
          const body = JSON.parse(response.body) as { code: number; data: { rows: unknown[] } };
          if (body.code !== 200 || body.data.rows.length !== 20) throw new Error(`unexpected answer: ${response.body.slice(0, 200)}`);
          if (i >= WARMUP) samples.push(elapsed);
        }
        return median(samples);
      };

      const lines = [`seeded ${SMALL + LARGE} records in ${seedMs.toFixed(0)} ms (one transaction, batches of ${BATCH})`];
      for (const [label, query] of [
        ['create_time desc', 'orderByColumn=create_time&isAsc=descending'],
        ['show_name asc', 'orderByColumn=show_name&isAsc=ascending'],
      ] as const) {
        const smallMs = await timePage(tokens.small, query);
        const largeMs = await timePage(tokens.large, query);
        lines.push(
          `${label.padEnd(17)} ${SMALL} records: ${smallMs.toFixed(2)} ms · ${LARGE.toLocaleString('en-US')} records: ${largeMs.toFixed(2)} ms · ratio ${(largeMs / smallMs).toFixed(2)} (should stay under 2)`,
        );
      }
      return lines;
    } finally {
      await app.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  },
};
