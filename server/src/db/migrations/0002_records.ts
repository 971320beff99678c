// Records with their transcript segments, folders (the default folder is virtual: folder_id null)
// and share links. The indexes put user_id first and end with id, so page 1 of a user's list in
// every offered order (creation, modification, name; either direction) is an index range scan
// whatever the size of the table — see record-list.test.ts, which checks the plans.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ancestors', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('folders_user_parent').on('folders').columns(['user_id', 'parent_id']).execute();

  // A renamed default folder keeps its name here; without a row the translated default name is shown.
  await db.schema
    .createTable('default_folder_names')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('folder_id', 'text')
    .addColumn('show_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('languages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('target_languages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('speaker', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('audio_duration_ms', 'integer')
    .addColumn('video_cover', 'text')
    .addColumn('favorite', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('records_user_created').on('records').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('records_user_updated').on('records').columns(['user_id', 'updated_at', 'id']).execute();
  await db.schema.createIndex('records_user_name').on('records').columns(['user_id', 'show_name', 'id']).execute();
  await db.schema
    .createIndex('records_user_folder_created')
    .on('records')
    .columns(['user_id', 'folder_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('records_user_favorite_created')
    .on('records')
    .columns(['user_id', 'favorite', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('records_folder').on('records').column('folder_id').execute();

  await db.schema
    .createTable('record_segments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('record_id', 'text', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('start_ms', 'integer', (c) => c.notNull())
    .addColumn('end_ms', 'integer', (c) => c.notNull())
    .addColumn('speaker', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('translation', 'text')
    .addColumn('words', 'text')
    .execute();
  await db.schema.createIndex('record_segments_record').on('record_segments').columns(['record_id', 'position']).execute();

  await db.schema
    .createTable('record_shares')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('record_id', 'text', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('allow_copy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('record_shares_record').on('record_shares').columns(['record_id', 'revoked_at']).execute();
  await db.schema.createIndex('record_shares_user').on('record_shares').columns(['user_id', 'revoked_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('record_shares').execute();
  await db.schema.dropTable('record_segments').execute();
  await db.schema.dropTable('records').execute();
  await db.schema.dropTable('default_folder_names').execute();
  await db.schema.dropTable('folders').execute();
}
