// Everything of one account as archive entries (issue 29 item 5): profile and bound sign-ins,
// folders, records with transcripts and summaries, meetings with who joined, dubbing tasks'
// subtitles, vocabulary libraries, bills (purchases, the usage ledger, vouchers) and, last,
// manifest.json listing every entry. Every query is filtered by the user's id: nothing of another
// account can reach the archive. Produced lazily, one entry at a time (see stream-archive.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { meetingDb } from '../../meetings/meeting-tables';
import { json, recordEntries, recordsOf } from './archive-records';
import type { TextEntry } from './stream-archive';

export const ARCHIVE_FORMAT = 'parley-account-export/1';

async function profileEntry(db: Kysely<Database>, userId: string): Promise<TextEntry> {
  const user = await db.selectFrom('users').select(['id', 'email', 'phone', 'name', 'nickname', 'avatar', 'share_status', 'created_at', 'updated_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  const identities = await db.selectFrom('user_identities').select(['provider', 'email', 'display_name', 'created_at']).where('user_id', '=', userId).execute();
  return { name: 'account/profile.json', text: json({ ...user, signInsBound: identities }) };
}

async function folderEntry(db: Kysely<Database>, userId: string): Promise<TextEntry> {
  const folders = await db.selectFrom('folders').select(['id', 'parent_id', 'name', 'created_at']).where('user_id', '=', userId).orderBy('id').execute();
  return { name: 'records/folders.json', text: json(folders) };
}

async function meetingsEntry(db: Kysely<Database>, userId: string): Promise<TextEntry> {
  const meetings = meetingDb(db);
  const rows = await meetings
    .selectFrom('meetings')
    .select(['id', 'record_id', 'name', 'state', 'recognition_languages', 'translation_languages', 'audio_ms', 'created_at', 'started_at', 'ended_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const ids = rows.map((r) => r.id);
  const joins = ids.length
    ? await meetings.selectFrom('meeting_joins').select(['meeting_id', 'user_name', 'translation_language', 'joined_at', 'left_at']).where('meeting_id', 'in', ids).execute()
    : [];
  const list = rows.map((row) => ({
    ...row,
    recognition_languages: JSON.parse(row.recognition_languages) as unknown,
    translation_languages: JSON.parse(row.translation_languages) as unknown,
    transcript: row.record_id ? 'see the record with this record_id under records/' : null,
    joined: joins.filter((j) => j.meeting_id === row.id).map(({ meeting_id: _m, ...join }) => join),
  }));
  return { name: 'meetings/meetings.json', text: json(list) };
}

async function* vocabularyEntries(db: Kysely<Database>, userId: string): AsyncGenerator<TextEntry> {
  const libraries = await db.selectFrom('vocabulary_libraries').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  let index = 0;
  for (const library of libraries) {
    index += 1;
    const entries = await db.selectFrom('vocabulary_entries').select(['source', 'target', 'created_at']).where('library_id', '=', library.id).orderBy('id').execute();
    const { user_id: _u, ...about } = library;
    yield { name: `vocabulary/${String(index).padStart(3, '0')} ${library.kind}.json`, text: json({ ...about, entries }) };
  }
}

async function* billEntries(db: Kysely<Database>, userId: string): AsyncGenerator<TextEntry> {
  const orders = await db.selectFrom('payment_orders').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  yield { name: 'bills/purchases.json', text: json(orders.map(({ user_id: _u, ...order }) => order)) };
  const ledger = await db
    .selectFrom('ledger_entries')
    .select(['account', 'kind', 'seconds', 'usage', 'usage_day', 'expires_at', 'package_id', 'record_id', 'note', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  yield { name: 'bills/ledger.json', text: json(ledger) };
  const vouchers = await db.selectFrom('vouchers').select(['code', 'package_type', 'amount', 'redeemed_at']).where('redeemed_by', '=', userId).execute();
  yield { name: 'bills/vouchers.json', text: json(vouchers) };
}

async function* recordsPart(db: Kysely<Database>, userId: string): AsyncGenerator<TextEntry> {
  let index = 0;
  for await (const record of recordsOf(db, userId)) {
    index += 1;
    yield* await recordEntries(db, record, index);
  }
}

const README = `This archive holds everything your Parley account stores.
account/profile.json     your profile and bound sign-ins
records/                 one folder per record: record.json (lines, summaries), transcript.txt/.srt, translation.txt/.srt
dubbing/                 one folder per dubbing task: task.json, record.json, subtitles per language (.srt)
meetings/meetings.json   your meetings and who joined them (their transcripts are records)
vocabulary/              one file per vocabulary library with its entries
bills/                   purchases, the usage ledger and redeemed vouchers
manifest.json            every file of the archive with its size
`;

/** The archive's entries in order; the manifest comes last so it can list every one. */
export async function* accountArchive(db: Kysely<Database>, userId: string, exportedAt: Date): AsyncGenerator<TextEntry> {
  const listed: Array<{ name: string; bytes: number }> = [];
  const counted = (entry: TextEntry): TextEntry => {
    listed.push({ name: entry.name, bytes: Buffer.byteLength(entry.text, 'utf8') });
    return entry;
  };
  yield counted({ name: 'README.txt', text: README });
  yield counted(await profileEntry(db, userId));
  yield counted(await folderEntry(db, userId));
  for await (const entry of recordsPart(db, userId)) yield counted(entry);
  yield counted(await meetingsEntry(db, userId));
  for await (const entry of vocabularyEntries(db, userId)) yield counted(entry);
  for await (const entry of billEntries(db, userId)) yield counted(entry);
  const count = (prefix: string, file: string) => listed.filter((e) => e.name.startsWith(prefix) && e.name.endsWith(file)).length;
  const manifest = {
    format: ARCHIVE_FORMAT,
    accountId: userId,
    exportedAt: exportedAt.toISOString(),
    counts: {
      records: count('records/', '/record.json'),
      dubbingTasks: count('dubbing/', '/task.json'),
      vocabularyLibraries: count('vocabulary/', '.json'),
    },
    files: listed,
  };
  yield { name: 'manifest.json', text: json(manifest) };
}
