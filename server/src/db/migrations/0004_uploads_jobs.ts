// Chunked uploads (sessions and the parts received, so an upload survives a dropped connection or a
// server restart), finished media files waiting for transwrite, the job rows of the queue, and the
// record columns the pipeline writes (progress, error message, where its media lives).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('object_name', 'text', (c) => c.notNull())
    .addColumn('ori_file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('chunk_size', 'integer', (c) => c.notNull())
    .addColumn('chunk_count', 'integer', (c) => c.notNull())
    .addColumn('folder_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_sessions_user_created').on('upload_sessions').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('upload_parts')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('upload_sessions.id').onDelete('cascade'))
    .addColumn('part_number', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_parts_pk', ['upload_id', 'part_number'])
    .execute();

  // A complete, checked file; it becomes a record (same id) when transwrite submits it.
  await db.schema
    .createTable('media_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('object_name', 'text', (c) => c.notNull())
    .addColumn('ori_file_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('format_name', 'text', (c) => c.notNull())
    .addColumn('has_video', 'integer', (c) => c.notNull())
    .addColumn('folder_id', 'text')
    .addColumn('submitted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_files_user_created').on('media_files').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('record_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_status_created').on('jobs').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('jobs_record').on('jobs').column('record_id').execute();

  await db.schema.alterTable('records').addColumn('progress', 'integer').execute();
  await db.schema.alterTable('records').addColumn('error_message', 'text').execute();
  // The upload form as submitted (JSON), so the restore banner can offer the same settings again.
  await db.schema.alterTable('records').addColumn('upload_form', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('records').dropColumn('upload_form').execute();
  await db.schema.alterTable('records').dropColumn('error_message').execute();
  await db.schema.alterTable('records').dropColumn('progress').execute();
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('media_files').execute();
  await db.schema.dropTable('upload_parts').execute();
  await db.schema.dropTable('upload_sessions').execute();
}
