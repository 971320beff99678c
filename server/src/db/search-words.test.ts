// The SQLite index of 0012_search_owner_words: the word list behind spelled-out prefixes
// (domain/records/search-expansion.ts) — its tokenizer cuts and folds text exactly as the search
// index's does, every writer keeps it complete, and a spelled-out query finds exactly the rows the
// plain prefix query finds — and the owner column, which follows a record to a new owner.
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { systemClock } from '../clock';
import { createRecord } from '../domain/records/create-record';
import { searchEntriesQuery, searchRecords } from '../domain/records/record-search';
import { MAX_SPELLED_OUT, spelledOutPrefixes } from '../domain/records/search-expansion';
import { fts5OwnQuery, fts5Query, searchTerms } from '../domain/records/search-query';
import { createUser } from '../domain/session/users';
import { sqliteTestConfig } from '../testing/test-config';
import { registerSearchText } from './dialect';

const config = sqliteTestConfig({ logLevel: 'silent' });
let app: Awaited<ReturnType<typeof buildApp>>;
let raw: SQLite.Database;

beforeAll(async () => {
  app = await buildApp(config);
  if (config.database.kind !== 'sqlite') throw new Error('sqlite expected');
  raw = new SQLite(config.database.file);
  registerSearchText(raw);
});
afterAll(async () => {
  raw.close();
  await app.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

/** Rowids the index matches for a query, newest first. */
const matching = (query: string) => raw.prepare('select rowid from search_index where search_index match ? order by rowid desc').pluck().all(query);

describe('search word list', () => {
  it('cuts and folds every character as the search index does', () => {
    // Each code point inside a word, alone and doubled, across the BMP and the next two planes,
    // put straight into the index (rowids far above any entry) and read back with fts5vocab.
    const texts: string[] = [];
    let chunk: string[] = [];
    for (let cp = 0x21; cp <= 0x2ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      chunk.push(`a${c}b ${c} ${c}${c}`);
      if (chunk.length === 200) texts.push(chunk.splice(0).join(' '));
    }
    texts.push(chunk.join(' '));
    const FIRST = 1_000_000_000;
    const insert = raw.prepare('insert into search_index (rowid, body) values (?, ?)');
    raw.transaction(() => texts.forEach((text, i) => insert.run(FIRST + i, text)))();
    raw.exec('create virtual table if not exists temp.instances using fts5vocab(main, search_index, instance)');
    const indexed = new Map<number, string[]>();
    for (const [term, doc, offset] of raw.prepare('select term, doc, offset from temp.instances where doc >= ?').raw().all(FIRST) as Array<[string, number, number]>) {
      const terms = indexed.get(doc) ?? [];
      terms[offset] = term;
      indexed.set(doc, terms);
    }
    const tokens = raw.prepare('select token from search_tokens where input = ?').pluck();
    const differing = texts.filter((text, i) => (tokens.all(text) as string[]).join(' ') !== (indexed.get(FIRST + i) ?? []).join(' '));
    expect(differing.length).toBe(0);
    expect(indexed.get(FIRST)?.length).toBeGreaterThan(100);
    raw.transaction(() => texts.forEach((_text, i) => raw.prepare('delete from search_index where rowid = ?').run(FIRST + i)))();
  });

  it('holds every word written by any path, and spelled-out prefixes match what the prefix matches', async () => {
    const user = await createUser(app.db, systemClock, { kind: 'email', value: 'words@search.test' }, 'secret123');
    const record = await createRecord(app.db, systemClock, {
      userId: user.id,
      showName: 'Marketplace Café review',
      languages: ['en-US'],
      targetLanguages: [],
      segments: [
        { startMs: 0, endMs: 1000, speaker: null, text: 'Marketing met the market makers; DÉJÀ vu.', translation: null },
        { startMs: 1000, endMs: 2000, speaker: null, text: '我们明天下午开会讨论预算', translation: null },
        { startMs: 2000, endMs: 3000, speaker: null, text: 'supermarket is not a match for market', translation: null },
      ],
    });
    // Words that arrive by an edit or a rename are listed too.
    raw.prepare('update record_segments set text = ? where record_id = ? and position = 2').run('marketeers and supermarkets', record.id);
    raw.prepare('update records set show_name = ? where id = ?').run('Marketplace Café review (marketable)', record.id);
    const words = raw.prepare('select word from search_words').pluck().all() as string[];
    for (const word of ['marketplace', 'cafe', 'marketing', 'market', 'makers', 'deja', '讨论', 'marketeers', 'supermarkets', 'marketable']) {
      expect(words, word).toContain(word);
    }

    for (const q of ['market', 'MARKETI', 'café', 'deja', 'maker', 'mark', 'ma', 'm', '讨', '下午开会', 'market 讨', 'nothing']) {
      const terms = searchTerms(q);
      const spelled = await spelledOutPrefixes(app.db, terms);
      expect(matching(fts5Query(terms, spelled)), q).toEqual(matching(fts5Query(terms)));
    }
    const [market, ma, m, lone, phrase] = await spelledOutPrefixes(app.db, searchTerms('market ma m 讨 下午'));
    expect(market).toEqual(['market', 'marketable', 'marketeers', 'marketing', 'marketplace']);
    // One to three characters are kept by the index as prefixes (a lone CJK character too); a CJK run of two is a phrase.
    expect([ma, m, lone, phrase]).toEqual([null, null, null, null]);
  });

  it('leaves a prefix of more words than it spells out to FTS5', async () => {
    const user = await createUser(app.db, systemClock, { kind: 'email', value: 'many@search.test' }, 'secret123');
    const many = Array.from({ length: MAX_SPELLED_OUT + 1 }, (_, i) => `zebra${String.fromCharCode(97 + (i % 26))}${i}`);
    await createRecord(app.db, systemClock, {
      userId: user.id,
      showName: 'Zoo',
      languages: ['en-US'],
      targetLanguages: [],
      segments: many.map((text, i) => ({ startMs: i * 1000, endMs: i * 1000 + 900, speaker: null, text, translation: null })),
    });
    const terms = searchTerms('zebra');
    expect(await spelledOutPrefixes(app.db, terms)).toEqual([null]);
    expect(matching(fts5Query(terms))).toHaveLength(MAX_SPELLED_OUT + 1);
    expect(await spelledOutPrefixes(app.db, searchTerms('zebraa0'))).toEqual([['zebraa0']]);
  });

  it("re-keys a record's name and lines to a new owner, and a query walks only its owner's rows", async () => {
    const first = await createUser(app.db, systemClock, { kind: 'email', value: 'first-owner@search.test' }, 'secret123');
    const second = await createUser(app.db, systemClock, { kind: 'email', value: 'second-owner@search.test' }, 'secret123');
    const record = await createRecord(app.db, systemClock, {
      userId: first.id,
      showName: 'Quokka census',
      languages: ['en-US'],
      targetLanguages: [],
      segments: [{ startMs: 0, endMs: 1000, speaker: null, text: 'Counting quokkas on the island.', translation: null }],
    });
    const own = (userId: string) => matching(fts5OwnQuery(userId, fts5Query(searchTerms('quokka'))));
    expect(own(first.id)).toHaveLength(2);
    expect(own(second.id)).toEqual([]);
    raw.prepare('update records set user_id = ? where id = ?').run(second.id, record.id);
    expect(own(first.id)).toEqual([]);
    expect(own(second.id)).toHaveLength(2);
    // Words in the owner column are not words of the text: a prefix of the owner's hex finds nothing.
    expect(matching(fts5OwnQuery(second.id, fts5Query(searchTerms(Buffer.from(second.id).toString('hex').slice(0, 6)))))).toEqual([]);
  });

  it('names the owner in the query only for a user who owns a small share of the records', async () => {
    const big = await createUser(app.db, systemClock, { kind: 'email', value: 'big@search.test' }, 'secret123');
    const small = await createUser(app.db, systemClock, { kind: 'email', value: 'small@search.test' }, 'secret123');
    const existing = Number((raw.prepare('select max(rowid) as n from records').get() as { n: number }).n);
    for (let i = 0; i < existing + 5; i++) {
      await createRecord(app.db, systemClock, { userId: big.id, showName: `Pelican log ${i}`, languages: [], targetLanguages: [], segments: [] });
    }
    await createRecord(app.db, systemClock, { userId: small.id, showName: 'Pelican sighting', languages: [], targetLanguages: [], segments: [] });
    const matchOf = async (userId: string) => (await searchEntriesQuery(app.db, userId, { q: 'pelican' })).statement.compile(app.db).parameters[0];
    expect(await matchOf(big.id)).toMatch(/^body : /);
    expect(await matchOf(small.id)).toMatch(/^owner : "[0-9a-f]+" AND body : /);
    // Either way the answer is the caller's rows only.
    const names = async (userId: string) => (await searchRecords(app.db, userId, { q: 'pelican', pageSize: 100 })).matches.map((m) => m.record.show_name);
    expect(await names(small.id)).toEqual(['Pelican sighting']);
    expect(await names(big.id)).toHaveLength(existing + 5);
    expect(await names(big.id)).not.toContain('Pelican sighting');
    // The owner's hex token is not a word of the text, named in the query or not: the first
    // character of that token ('3' or '6') finds only names with a word that starts with it.
    const first = Buffer.from(big.id).toString('hex')[0]!;
    const found = (await searchRecords(app.db, big.id, { q: first, pageSize: 100 })).matches.map((m) => m.record.show_name);
    expect(found.length).toBeGreaterThan(0);
    for (const name of found) expect(name).toMatch(new RegExp(`\\b${first}`));
  });
});
