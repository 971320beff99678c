// transwrite: the upload form turns uploaded files into records (same ids the upload answered) in
// state transcribing and queues one pipeline job each. The form is kept on the record so the
// restore banner can offer the same settings again.
import type { Kysely } from 'kysely';
import type { components } from '../../../../src/api/schema';
import { UPLOAD_DEFAULT_AUDIO_LANGUAGE, UPLOAD_SPEAKERS_DEFAULT, type Locale } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, RecordPipelineColumns } from '../../db/schema';
import { TRANSCRIBE_JOB, type TranscribePayload } from '../../jobs/transcription-job';
import type { JobQueue } from '../jobs/job-queue.port';
import type { Engines } from '../../engines/registry';
import { entitlementRefusal, type BillingUser, type Entitlements } from '../entitlements/entitlements-service';
import { splitUse } from '../entitlements/metering';
import { chargeUpload, refundUpload } from '../entitlements/upload-charges';
import { createRecord } from '../records/create-record';
import { refuseWithoutEngines } from '../records/engine-refusals';
import { alreadySubmitted, nameRequired, uploadedFileNotFound } from './upload-errors';

type TranscribeForm = components['schemas']['TranscribeForm'];
export type UploadSettings = components['schemas']['UploadSettings'];

export function settingsOf(form: TranscribeForm): UploadSettings {
  return {
    audioLanguage: form.audioLanguage ?? UPLOAD_DEFAULT_AUDIO_LANGUAGE,
    translationLanguage: form.translationLanguage ?? null,
    speaker: form.speaker === '1' ? '1' : '0',
    maxSpeakers: form.maxSpeakers ?? UPLOAD_SPEAKERS_DEFAULT,
    folderId: form.folderId ?? null,
  };
}

/** The form's language (the spec's default when absent) and translation must have engines here. */
export function refuseUploadWithoutEngines(
  engines: Pick<Engines, 'recognizerFor' | 'translatorFor'>,
  form: { audioLanguage?: string | null; translationLanguage?: string | null },
): void {
  const from = form.audioLanguage ?? UPLOAD_DEFAULT_AUDIO_LANGUAGE;
  const to = form.translationLanguage ?? null;
  refuseWithoutEngines(engines, { recognise: [from], translate: to ? [{ from, to }] : [] });
}

export async function startTranscription(
  deps: { db: Kysely<Database>; clock: Clock; jobs: JobQueue; entitlements: Entitlements },
  input: { user: BillingUser; locale: Locale; form: TranscribeForm; zoneHint?: string | null },
): Promise<string[]> {
  const { db, clock, jobs, entitlements } = deps;
  const { form, user } = input;
  const userId = user.id;
  const showName = form.showName?.trim() ?? '';
  if (!showName) throw nameRequired();
  const settings = settingsOf(form);
  const ids = [...new Set(form.ids)];
  const files = await db.selectFrom('media_files').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
  if (files.length !== ids.length) throw uploadedFileNotFound();
  if (files.some((f) => f.submitted_at !== null)) throw alreadySubmitted();
  // Before anything is claimed: a submission of several files must fit the day's allowance plus the
  // pack as a whole (92505000/92505001). Each file is then charged in its own locked check-and-write
  // below (for one file that charge is the check).
  if (entitlements.billing && files.length > 1) {
    const totalSeconds = files.reduce((sum, f) => sum + Math.ceil((f.duration_ms ?? 0) / 1000), 0);
    const account = await entitlements.account(user, input.zoneHint);
    const split = splitUse(account.rule, account.state, 'upload', totalSeconds);
    if (!split.ok) throw entitlementRefusal(split.code);
  }

  const records = db.withTables<{ records: RecordPipelineColumns }>();
  for (const file of files) {
    // Claim first, so two submits of the same file cannot both create its record.
    const claimed = await db
      .updateTable('media_files')
      .set({ submitted_at: clock.now().toISOString() })
      .where('id', '=', file.id)
      .where('submitted_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw alreadySubmitted();
    try {
      // Metered from the media's own length (probed at upload), charged once per attempt.
      await chargeUpload(db, entitlements, user, { recordId: file.id, seconds: (file.duration_ms ?? 0) / 1000, note: showName, zoneHint: input.zoneHint });
    } catch (error) {
      await db.updateTable('media_files').set({ submitted_at: null }).where('id', '=', file.id).execute();
      throw error;
    }
    try {
      await createRecord(db, clock, {
        id: file.id,
        userId,
        showName,
        folderId: settings.folderId ?? file.folder_id,
        kind: 'upload',
        state: 'transcribing',
        languages: [settings.audioLanguage],
        targetLanguages: settings.translationLanguage ? [settings.translationLanguage] : [],
        speaker: { enabled: settings.speaker === '1', maxSpeakers: settings.maxSpeakers },
        durationMs: file.duration_ms,
        audioDurationMs: file.duration_ms,
      });
    } catch (error) {
      await refundUpload(db, entitlements, file.id);
      await db.updateTable('media_files').set({ submitted_at: null }).where('id', '=', file.id).execute();
      throw error;
    }
    await records.updateTable('records').set({ upload_form: JSON.stringify(settings), progress: 0 }).where('id', '=', file.id).execute();
    const payload: TranscribePayload = {
      recordId: file.id,
      userId,
      locale: input.locale,
      audioLanguage: settings.audioLanguage,
      translationLanguage: settings.translationLanguage ?? null,
      speaker: settings.speaker === '1',
      maxSpeakers: settings.maxSpeakers,
    };
    await jobs.enqueue(TRANSCRIBE_JOB, payload, { recordId: file.id });
  }
  return files.map((f) => f.id);
}

/** The form of the user's newest submitted upload, for the restore banner. */
export async function latestUploadSettings(db: Kysely<Database>, userId: string): Promise<UploadSettings | null> {
  const row = await db
    .withTables<{ records: RecordPipelineColumns }>()
    .selectFrom('records')
    .select('upload_form')
    .where('user_id', '=', userId)
    .where('upload_form', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row?.upload_form) return null;
  try {
    return JSON.parse(row.upload_form) as UploadSettings;
  } catch {
    return null;
  }
}
