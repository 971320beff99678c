// Opens the configured database, brings it to the latest migration before any route runs, and
// closes it with the app.
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../../config';
import { createDatabase } from '../../db/dialect';
import { migrateToLatest } from '../../db/migrate';
import type { Database } from '../../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export default fp<{ database: DatabaseConfig }>(
  async (app, { database }) => {
    const db = createDatabase(database);
    await migrateToLatest(db, database.kind === 'postgres' ? database.schema : undefined);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'db' },
);
