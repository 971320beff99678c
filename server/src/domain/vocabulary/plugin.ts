// The vocabulary area: the user's libraries (list, edit, import) and what the engines read of them.
import fp from 'fastify-plugin';
import { provideServices } from '../../plugins/app/service-registry';
import { createLibrarySource } from './library-source';
import { libraryWrites, type LibraryWrites } from './library-writes';
import { createVocabularyInForce, type VocabularyInForce } from './vocabulary-in-force';
import { createVocabularyService, type VocabularyService } from './vocabulary-service';
import type { VocabularySource } from './vocabulary-source';

declare module 'fastify' {
  interface AppServices {
    vocabulary: VocabularyService;
    /** Library writes and import behind their ownership and tier checks (handlers write through it). */
    libraryWrites: LibraryWrites;
    /** What the engines read: libraries merged into one VocabularySet, own libraries only, tier-gated per kind. */
    vocabularySource: VocabularySource;
    /** Which vocabulary libraries apply to a meeting or an upload (SVIP-gated). */
    vocabularyInForce: VocabularyInForce;
  }
}

export default fp<{ vocabularySource?: VocabularySource }>(
  async (app, { vocabularySource: givenSource }) => {
    const { clock, entitlements } = app.services;
    // Tests may pass an in-memory source; the app reads the user's own libraries from the library store.
    const vocabularySource = givenSource ?? createLibrarySource({ db: app.db, entitlements });
    const vocabulary = createVocabularyService({ db: app.db, clock });
    provideServices(app.services, {
      vocabulary,
      libraryWrites: libraryWrites({ vocabulary, entitlements }),
      vocabularySource,
      vocabularyInForce: createVocabularyInForce({ db: app.db, source: vocabularySource, entitlements }),
    });
  },
  { name: 'vocabulary', dependencies: ['db', 'runtime', 'entitlements'] },
);
