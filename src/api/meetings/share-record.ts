// GET /speech/meeting/shareRecord (meetingsShareRecord) — a meeting's record as its participants read
// it after the meeting: lines in every translation language, the summary, whether audio is stored.
// GET /speech/meeting/shareExport (meetingsShareExport) — that transcript as a file, saved to disk.
// Unchecked: the download page shows refusals itself.
import { saveToDisk } from '../../shared/save-file';
import { unwrap } from '../errors';
import { asFileAnswer } from '../file-answer';
import { api } from '../instance';
import type { operations } from '../schema';
import type { MeetingShareRecord } from './meeting-types';

export async function getMeetingShareRecord(meetingId: string, signal?: AbortSignal): Promise<MeetingShareRecord> {
  return unwrap(
    await api.call((client, s) => client.GET('/speech/meeting/shareRecord', { params: { query: { meetingId } }, signal: s }), {
      silent: true,
      ...(signal ? { signal } : {}),
    }),
  );
}

export type ShareExportQuery = operations['meetingsShareExport']['parameters']['query'];

/** Downloads the transcript file and hands it to the browser; rejects with the ApiError. */
export async function downloadMeetingShareExport(query: ShareExportQuery, signal?: AbortSignal): Promise<void> {
  const fallbackName = `transcript.${query.type ?? 'txt'}`;
  const file = unwrap(
    await api.call(
      async (client, s) => asFileAnswer(await client.GET('/speech/meeting/shareExport', { params: { query }, parseAs: 'blob', signal: s }), fallbackName),
      { silent: true, ...(signal ? { signal } : {}) },
    ),
  );
  saveToDisk(file);
}
