// Dubbing tasks (issue 12 §4): a task is a record of kind 'dubbing' (same id) with its own lifecycle
// (translating → translated → dubbing → dubbed | failed), its speakers with their remembered voices, the
// voice-over iterations (one per run and language; the first is free, later ones cost 50%), the composed
// videos (kept 7 days) and, per line and language, how the dubbed speech was fitted ("takes").
//
// Lines are record_segments rows of the task's record, so the transcript tools read them too. The
// translation into the task's own translation language lives in record_segments.translation; a take's
// translation column is used only for the extra languages of later iterations (at most 4 in all).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dub_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey().references('records.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_id', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('step', 'text')
    .addColumn('progress', 'integer')
    .addColumn('error_key', 'text')
    .addColumn('error_params', 'text')
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('audio_language', 'text', (c) => c.notNull())
    .addColumn('translation_language', 'text')
    .addColumn('background', 'text')
    .addColumn('expire_at', 'text')
    .addColumn('expired_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dub_tasks_user').on('dub_tasks').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('dub_tasks_expire').on('dub_tasks').columns(['expire_at']).execute();

  await db.schema
    .createTable('dub_speakers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('dub_tasks.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('voice', 'text', (c) => c.notNull())
    .addColumn('pitch', 'integer', (c) => c.notNull())
    .addColumn('rate', 'real', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('source_pitch_hz', 'real')
    .execute();
  await db.schema.createIndex('dub_speakers_task_number').on('dub_speakers').columns(['task_id', 'number']).unique().execute();

  await db.schema.alterTable('record_segments').addColumn('speaker_id', 'text').execute();

  await db.schema
    .createTable('dub_line_takes')
    .addColumn('segment_id', 'text', (c) => c.notNull().references('record_segments.id').onDelete('cascade'))
    .addColumn('task_id', 'text', (c) => c.notNull().references('dub_tasks.id').onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('translation', 'text')
    .addColumn('dub_start_ms', 'integer')
    .addColumn('dub_end_ms', 'integer')
    .addColumn('rate', 'real')
    .addColumn('stretch', 'real')
    .addColumn('overrun_ms', 'integer')
    .addColumn('voiced_key', 'text')
    .addColumn('clip', 'text')
    .addPrimaryKeyConstraint('dub_line_takes_pk', ['segment_id', 'lang'])
    .execute();
  await db.schema.createIndex('dub_line_takes_task_lang').on('dub_line_takes').columns(['task_id', 'lang']).execute();

  await db.schema
    .createTable('dub_iterations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('dub_tasks.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('charged_seconds', 'real', (c) => c.notNull())
    .addColumn('error_key', 'text')
    .addColumn('outputs', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dub_iterations_task_number').on('dub_iterations').columns(['task_id', 'number']).unique().execute();

  await db.schema
    .createTable('dub_syntheses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('dub_tasks.id').onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('video_blob', 'text')
    .addColumn('audio_blob', 'text')
    .addColumn('error_key', 'text')
    .addColumn('expire_at', 'text')
    .addColumn('expired_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dub_syntheses_task_lang').on('dub_syntheses').columns(['task_id', 'lang']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dub_syntheses').execute();
  await db.schema.dropTable('dub_iterations').execute();
  await db.schema.dropTable('dub_line_takes').execute();
  await db.schema.alterTable('record_segments').dropColumn('speaker_id').execute();
  await db.schema.dropTable('dub_speakers').execute();
  await db.schema.dropTable('dub_tasks').execute();
}
