// Domain services shared by the handlers, built once per app from its configuration.
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import type { Clock } from '../../clock';
import { createAuthService, type AuthService } from '../../domain/session/session-service';
import { createRateLimits, type RateLimits } from '../../domain/session/rate-limits';
import { createFoldersService, type FoldersService } from '../../domain/folders/folders-service';
import { createOutbox, type Outbox } from '../../domain/mail/outbox';
import { createRecordsService, type RecordsService } from '../../domain/records/records-service';
import { createEngines, type Engines } from '../../engines/registry';
import { createEntitlements, type Entitlements } from '../../domain/entitlements/entitlements-service';
import type { PaymentsService } from '../../domain/purchase/purchase-service';
import { createPayments, type Payments } from '../../domain/purchase/payment-wiring';
import { createSummariesService, type SummariesService } from '../../domain/summaries/summaries-service';
import { createTranscriptsService, type TranscriptsService } from '../../domain/transcript/transcript-service';
import type { ServerI18n } from '../../i18n';
import { createUploadService, type UploadService } from '../../domain/uploads/upload-service';
import { createAbandonedUploadSweep, type AbandonedUploadSweep } from '../../domain/uploads/abandoned-uploads';
import { createJobQueue } from '../../jobs/create-job-queue';
import type { JobQueue } from '../../jobs/job-queue';
import { transcriptionJob } from '../../jobs/transcription-job';
import { dubIterationJob } from '../../jobs/dub-iteration-job';
import { dubbingJob } from '../../jobs/dubbing-job';
import { peaksCacheFor } from '../../domain/dubbing/peaks/peaks-cache';
import { createDubRetentionSweep, type DubRetentionSweep } from '../../domain/dubbing/tasks/retention-sweep';
import { createVocabularyInForce, type VocabularyInForce } from '../../domain/vocabulary/vocabulary-in-force';
import type { VocabularySource } from '../../domain/vocabulary/vocabulary-source';
import { createMediaStore } from '../../storage/create-media-store';
import type { MediaStore } from '../../storage/media-store';
import type { BlobStore } from '../../storage/blob/blob-store';
import { createBlobStore } from '../../storage/blob/create-blob-store';
import { createVocabularyService, type VocabularyService } from '../../domain/vocabulary/vocabulary-service';
import { createLibrarySource } from '../../domain/vocabulary/library-source';

export interface Services {
  config: ServerConfig;
  clock: Clock;
  i18n: ServerI18n;
  auth: AuthService;
  outbox: Outbox;
  rateLimits: RateLimits;
  records: RecordsService;
  folders: FoldersService;
  /** Built per app from config.engines, so a test app can point an engine at a local fake service. */
  engines: Engines;
  transcripts: TranscriptsService;
  summaries: SummariesService;
  /** Uploaded media under DATA_DIR/media (issue 4). */
  mediaStore: MediaStore;
  /** Dubbing videos (issue 12): the embedded block endpoint on DATA_DIR/blob, or Azure Blob Storage. */
  blobStore: BlobStore;
  uploads: UploadService;
  /** Deletes unfinished and never-submitted uploads past their age, at start and hourly. */
  uploadSweep: AbandonedUploadSweep;
  /** Pipeline jobs (in-process, or BullMQ when REDIS_URL is set). */
  jobs: JobQueue;
  /** Tier rules, balances and charges, read from the ledger (issue 11). */
  entitlements: Entitlements;
  /** The user's vocabulary libraries: list, edit, import (issue 14). */
  vocabulary: VocabularyService;
  /** What the engines read: libraries merged into one VocabularySet, own libraries only, tier-gated per kind. */
  vocabularySource: VocabularySource;
  /** Payment orders and their providers (issue 11): getQrPay, status polling, settling exactly once. */
  payments: PaymentsService;
  /** The vendor adapters and the orders/settle() wiring the vendor endpoints use (payment-wiring.ts). */
  paymentVendorWiring: Omit<Payments, 'service'>;
  /** Which vocabulary libraries apply to a meeting or an upload (SVIP-gated). */
  vocabularyInForce: VocabularyInForce;
  /** Purges dubbing media past its 7 days and unreferenced blobs older than 24 h. */
  dubRetention: DubRetentionSweep;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export default fp<{ config: ServerConfig; clock: Clock; i18n: ServerI18n; rateLimitPrefix?: string; vocabularySource?: VocabularySource }>(
  async (app, { config, clock, i18n, rateLimitPrefix, vocabularySource: givenSource }) => {
    const rateLimits = createRateLimits(config.redisUrl, rateLimitPrefix, config.clientAttemptsPerHour);
    const outbox = createOutbox({ db: app.db, clock, log: app.log, smtpUrl: config.smtpUrl, mailFrom: config.mailFrom });
    const auth = createAuthService({ db: app.db, clock, rateLimits, outbox });
    const records = createRecordsService({ db: app.db, clock });
    const folders = createFoldersService({ db: app.db, clock });
    const engines = createEngines(config.engines, { log: app.log });
    const summaries = createSummariesService({ db: app.db, clock, engines });
    const blobStore = createBlobStore(config);
    const mediaStore = createMediaStore(config.dataDir, blobStore);
    const uploads = createUploadService({ db: app.db, clock, store: mediaStore, media: engines.media });
    const uploadSweep = createAbandonedUploadSweep({ db: app.db, clock, store: mediaStore, log: app.log });
    const jobs = createJobQueue({ db: app.db, clock, redisUrl: config.redisUrl, prefix: rateLimitPrefix ? `${rateLimitPrefix}-jobs` : undefined, log: app.log });
    const entitlements = createEntitlements({ db: app.db, clock, config });
    const vocabulary = createVocabularyService({ db: app.db, clock });
    // Tests may pass an in-memory source; the app reads the user's own libraries from the library store.
    const vocabularySource = givenSource ?? createLibrarySource({ db: app.db, entitlements });
    const vocabularyInForce = createVocabularyInForce({ db: app.db, source: vocabularySource, entitlements });
    const { service: payments, ...paymentVendorWiring } = createPayments({ db: app.db, clock, config });
    jobs.define(transcriptionJob({ db: app.db, clock, engines, store: mediaStore, i18n, entitlements, vocabulary: vocabularyInForce }));
    jobs.define(dubIterationJob({ db: app.db, clock, engines, blobStore, entitlements, jobs }));
    jobs.define(dubbingJob({ db: app.db, clock, engines, store: blobStore, i18n, entitlements, vocabulary: vocabularyInForce }));
    const peaksCache = peaksCacheFor(config.dataDir, blobStore);
    const dubRetention = createDubRetentionSweep({ db: app.db, clock, store: blobStore, log: app.log, pruneDerived: (now) => peaksCache.prune(now) });
    const transcripts = createTranscriptsService({ db: app.db, clock, engines, i18n, jobs });
    app.decorate('services', { config, clock, i18n, auth, outbox, rateLimits, records, folders, engines, transcripts, summaries, mediaStore, blobStore, uploads, uploadSweep, jobs, entitlements, vocabulary, vocabularySource, vocabularyInForce, payments, paymentVendorWiring, dubRetention });
    // Jobs left pending or running by a previous process resume once the app is ready.
    app.addHook('onReady', async () => {
      await jobs.start();
    });
    // A new helper source is compiled once, in the background, not when the first meeting's host speaks.
    app.addHook('onReady', async () => engines.prepareLiveRecognition());
    // Translation tasks no job row carries (accepted before translations ran as jobs) are queued too.
    app.addHook('onReady', async () => {
      transcripts.resumePending().catch((error: unknown) => app.log.error({ err: error }, 'could not resume translation tasks'));
    });
    app.addHook('onReady', async () => {
      uploadSweep.start();
      dubRetention.start();
    });
    let stopOrderSweep = () => {};
    app.addHook('onReady', async () => {
      stopOrderSweep = payments.startExpirySweep((error) => app.log.error({ err: error }, 'could not close expired payment orders'));
    });
    app.addHook('onClose', async () => {
      stopOrderSweep();
      await uploadSweep.stop();
      await dubRetention.stop();
      await jobs.close();
      await engines.close();
      outbox.close();
      await rateLimits.close();
    });
  },
  { name: 'services', dependencies: ['db'] },
);
