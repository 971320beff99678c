// The two ways an upload form starts transcription: files already uploaded from the browser
// (transwrite), and media fetched from a link first (transwrite/upload). Both refuse a language no
// engine serves before any work, and a link is fetched only for a user with upload time left.
import type { Kysely } from 'kysely';
import type { components, operations } from '../../../../src/api/schema';
import type { Locale } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import type { Engines } from '../../engines/registry';
import type { MediaStore } from '../storage/media-store.port';
import type { BillingUser, Entitlements } from '../entitlements/entitlements-service';
import type { JobQueue } from '../jobs/job-queue.port';
import { fetchToStaging } from './fetch-upload';
import { refuseUploadWithoutEngines, startTranscription } from './transwrite';
import type { UploadService } from './upload-service';

type TranscribeForm = components['schemas']['TranscribeForm'];
type LinkForm = operations['recordsTranswriteUpload']['requestBody']['content']['application/json'];

export interface TranscribeDeps {
  db: Kysely<Database>;
  clock: Clock;
  jobs: JobQueue;
  entitlements: Entitlements;
  engines: Pick<Engines, 'recognizerFor' | 'translatorFor'>;
}

export interface TranscribeCall {
  user: BillingUser;
  locale: Locale;
  zoneHint: string | null;
}

export async function transcribeUploads(deps: TranscribeDeps, call: TranscribeCall, form: TranscribeForm): Promise<void> {
  refuseUploadWithoutEngines(deps.engines, form);
  await startTranscription(deps, { ...call, form });
}

export async function transcribeLink(
  deps: TranscribeDeps & { mediaStore: MediaStore; uploads: UploadService; allowPrivateLinks: boolean },
  call: TranscribeCall,
  form: LinkForm,
): Promise<void> {
  const { user } = call;
  // Before the link is fetched: nothing is downloaded for a language no engine serves, nor for a
  // user with no upload time left (the exact charge follows once the media's length is known).
  refuseUploadWithoutEngines(deps.engines, form);
  await deps.entitlements.requireSomeTime(user, 'upload', call.zoneHint);
  const fetched = await fetchToStaging(deps.mediaStore, form.url, { allowPrivate: deps.allowPrivateLinks });
  const uploaded = await deps.uploads.registerStaged({
    userId: user.id,
    stagingId: fetched.stagingId,
    oriFileName: form.oriFileName ?? fetched.fileName,
    size: fetched.bytes,
    folderId: form.folderId ?? null,
  });
  try {
    await startTranscription(deps, {
      ...call,
      form: {
        ids: [uploaded.id],
        showName: form.showName,
        audioLanguage: form.audioLanguage,
        translationLanguage: form.translationLanguage,
        speaker: form.speaker,
        maxSpeakers: form.maxSpeakers,
        folderId: form.folderId,
      },
    });
  } catch (error) {
    await deps.uploads.discard(user.id, [uploaded.id]);
    throw error;
  }
}
