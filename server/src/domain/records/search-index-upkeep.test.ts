// The search index's merging (search-index-upkeep.ts): names and lines written one commit at a time
// leave FTS5 a segment each, which automerge only thins to a few a level; the upkeep merges them
// down to about one a level, finds exactly what it found before, and then has nothing left to do.
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { systemClock } from '../../clock';
import { createUser } from '../session/users';
import { sqliteTestConfig } from '../../testing/test-config';
import { createRecord } from './create-record';
import { searchRecords } from './record-search';
import { createSearchIndexUpkeep, mergeSearchIndexSlice } from './search-index-upkeep';

const config = sqliteTestConfig({ logLevel: 'silent' });
let app: Awaited<ReturnType<typeof buildApp>>;
let userId: string;

beforeAll(async () => {
  app = await buildApp(config);
  userId = (await createUser(app.db, systemClock, { kind: 'email', value: 'upkeep@test.local' }, 'secret123')).id;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

const segments = async () => Number((await sql<{ n: number }>`select count(distinct segid) as n from search_index_idx`.execute(app.db)).rows[0]!.n);
const WORDS = ['budget', 'market', 'client', 'launch', 'review', 'design', 'hiring', 'travel'];
const QUERIES = ['budget', 'mar', 'client review', 'rev bud', 'hiring', 'meeting 7', 'travel market'];
const answers = async () => Promise.all(QUERIES.map(async (q) => (await searchRecords(app.db, userId, { q, pageSize: 50 })).matches.map((m) => `${m.record.id}:${m.line?.id ?? ''}`)));

describe('search index upkeep', () => {
  it('is set to merge down to one segment a level (0027)', async () => {
    const { rows } = await sql<{ v: number }>`select v from search_index_config where k = 'usermerge'`.execute(app.db);
    expect(rows[0]?.v).toBe(2);
  });

  it('merges the segments of many small commits, answers as before, and then has nothing to merge', async () => {
    // Each record and each of its lines is its own commit, as the app writes them.
    for (let r = 0; r < 60; r++) {
      const record = await createRecord(app.db, systemClock, { userId, showName: `Meeting ${r}`, languages: ['en-US'] });
      for (let l = 0; l < 4; l++) {
        const text = `${WORDS[(r + l) % WORDS.length]} and ${WORDS[(r * 3 + l) % WORDS.length]} line ${l}`;
        await app.db.insertInto('record_segments').values({ id: `${record.id}-${l}`, record_id: record.id, position: l, start_ms: l * 1000, end_ms: l * 1000 + 900, speaker: null, text, translation: null, words: null }).execute();
      }
    }
    const before = await answers();
    expect(before.every((found) => found.length > 0)).toBe(true);
    const segmentsBefore = await segments();
    expect(segmentsBefore).toBeGreaterThan(6);

    const upkeep = createSearchIndexUpkeep({ db: app.db, log: { error: () => undefined } });
    expect(await upkeep.mergeUntilDone()).toBeGreaterThan(0);
    const segmentsAfter = await segments();
    expect(segmentsAfter).toBeLessThan(segmentsBefore);
    expect(segmentsAfter).toBeLessThanOrEqual(3);
    expect(await answers()).toEqual(before);
    await sql`insert into search_index (search_index, rank) values ('integrity-check', 0)`.execute(app.db);

    expect(await mergeSearchIndexSlice(app.db)).toBe(false);
    expect(await upkeep.mergeUntilDone()).toBe(0);
  });

  it('merges only while the server is quiet', async () => {
    for (let r = 0; r < 12; r++) await createRecord(app.db, systemClock, { userId, showName: `Quiet ${r} budget`, languages: ['en-US'] });
    let requests = true;
    const upkeep = createSearchIndexUpkeep({ db: app.db, log: { error: () => undefined }, quiet: () => !requests });
    expect(await upkeep.mergeUntilDone()).toBe(0);
    requests = false;
    expect(await upkeep.mergeUntilDone()).toBeGreaterThan(0);
  });

  it('stops merging once stopped', async () => {
    const record = await createRecord(app.db, systemClock, { userId, showName: 'Budget review', languages: ['en-US'] });
    await createRecord(app.db, systemClock, { userId, showName: `Budget ${record.id}`, languages: ['en-US'] });
    const upkeep = createSearchIndexUpkeep({ db: app.db, log: { error: () => undefined } });
    await upkeep.stop();
    expect(await upkeep.mergeUntilDone()).toBe(0);
  });
});
