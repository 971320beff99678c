// The records area: record lists, search, edits, and the folder tree they are filed in.
import fp from 'fastify-plugin';
import { createFoldersService, type FoldersService } from '../folders/folders-service';
import { provideServices } from '../../plugins/app/service-registry';
import { createRecordsService, type RecordsService } from './records-service';

declare module 'fastify' {
  interface AppServices {
    records: RecordsService;
    folders: FoldersService;
  }
}

export default fp(
  async (app) => {
    const { clock } = app.services;
    provideServices(app.services, { records: createRecordsService({ db: app.db, clock }), folders: createFoldersService({ db: app.db, clock }) });
  },
  { name: 'records', dependencies: ['db', 'runtime'] },
);
