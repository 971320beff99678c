// The records area: record lists, search, edits, and the folder tree they are filed in; the search
// index's merging in idle time (search-index-upkeep.ts), from start to close.
import fp from 'fastify-plugin';
import { createFoldersService, type FoldersService } from '../folders/folders-service';
import { provideServices } from '../../plugins/app/service-registry';
import { createRecordsService, type RecordsService } from './records-service';
import { createSearchIndexUpkeep, QUIET_FOR_MS, type SearchIndexUpkeep } from './search-index-upkeep';

declare module 'fastify' {
  interface AppServices {
    records: RecordsService;
    folders: FoldersService;
    searchUpkeep: SearchIndexUpkeep;
  }
}

export default fp(
  async (app) => {
    const { clock } = app.services;
    // When the last request came: the search index is merged only while none comes (a slice that
    // ends a large merge can hold the database for a second).
    let lastRequestAt = 0;
    app.addHook('onRequest', (_request, _reply, done) => {
      lastRequestAt = performance.now();
      done();
    });
    const quiet = () => performance.now() - lastRequestAt >= QUIET_FOR_MS;
    const searchUpkeep = createSearchIndexUpkeep({ db: app.db, log: app.log, quiet });
    provideServices(app.services, { records: createRecordsService({ db: app.db, clock }), folders: createFoldersService({ db: app.db, clock }), searchUpkeep });
    app.addHook('onReady', async () => {
      searchUpkeep.start();
    });
    app.addHook('onClose', async () => {
      await searchUpkeep.stop();
    });
  },
  { name: 'records', dependencies: ['db', 'runtime'] },
);
