// Live meetings: the meeting itself (its transcript lives in the record it writes to), the
// translations of each final line in every meeting language with the line's stream seq (late joiners
// and reconnects beyond the replay log read them), who joined, and cast codes. Portable types only.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('meetings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('record_id', 'text', (c) => c.references('records.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('recognition_languages', 'text', (c) => c.notNull())
    .addColumn('translation_languages', 'text', (c) => c.notNull())
    .addColumn('subtitle_style', 'text', (c) => c.notNull())
    .addColumn('share_status', 'text', (c) => c.notNull().defaultTo('1'))
    .addColumn('invite_status', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('copy_status', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('folder_id', 'text')
    .addColumn('audio_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('meetings_user_created').on('meetings').columns(['user_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('meeting_segments')
    .addColumn('segment_id', 'text', (c) => c.primaryKey())
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'integer', (c) => c.notNull())
    .addColumn('end_ms', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('translations', 'text', (c) => c.notNull())
    .addColumn('translation_errors', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('meeting_segments_meeting_seq').on('meeting_segments').columns(['meeting_id', 'seq']).execute();

  await db.schema
    .createTable('meeting_joins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('translation_language', 'text')
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('left_at', 'text')
    .execute();
  await db.schema.createIndex('meeting_joins_meeting').on('meeting_joins').columns(['meeting_id', 'joined_at', 'id']).execute();

  await db.schema
    .createTable('meeting_screen_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('short_code', 'text', (c) => c.notNull().unique())
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('preset_id', 'text')
    .addColumn('connected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('meeting_screen_codes_meeting').on('meeting_screen_codes').column('meeting_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('meeting_screen_codes').execute();
  await db.schema.dropTable('meeting_joins').execute();
  await db.schema.dropTable('meeting_segments').execute();
  await db.schema.dropTable('meetings').execute();
}
