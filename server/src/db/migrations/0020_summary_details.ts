// Summaries a person would read (issue 24): besides the text and key points, a summary keeps the
// decisions and action items it found (JSON [{text, speaker}]), its keywords (JSON string[]), the
// language of the transcript it was made from, which kind of engine wrote it ('offline' | 'llm'), a
// translated note (e.g. the summary service failed and the offline summariser wrote it), and a hash of
// the transcript lines it was made from, so a reader can be told the transcript changed since.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const table = () => db.schema.alterTable('record_summaries');
  await table().addColumn('decisions', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await table().addColumn('action_items', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await table().addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await table().addColumn('source_lang', 'text').execute();
  await table().addColumn('engine_kind', 'text').execute();
  await table().addColumn('note', 'text').execute();
  await table().addColumn('transcript_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['transcript_hash', 'note', 'engine_kind', 'source_lang', 'keywords', 'action_items', 'decisions']) {
    await db.schema.alterTable('record_summaries').dropColumn(column).execute();
  }
}
