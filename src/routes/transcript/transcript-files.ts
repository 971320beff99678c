// Files of the transcript page: exports, the summary as Word, and read-aloud audio. The calls live
// in src/api (they answer with a file, or with an envelope when it cannot be made); this file turns
// their results into what the page shows and hands files to the browser.
import { exportRecords } from '../../api/shared/export-records';
import { saveToDisk, type DownloadedFile } from '../../api/file-answer';
import { downloadSummaryDocument } from '../../api/transcript/summary-template-download';
import { synthesizeSpeech } from '../../api/transcript/synthesis';
import type { ApiResult } from '../../api/types';
import type { ExportContent, ExportFormat } from '../../shared/contract/transcript';

export type FileOutcome = { ok: true; blob: Blob; fileName: string } | { ok: false; message?: string };

/** A refusal keeps only the server's own text; the page words every other failure itself. */
function outcomeOf(result: ApiResult<DownloadedFile>): FileOutcome {
  if (result.ok) return { ok: true, ...result.data };
  return { ok: false, ...(result.error.message ? { message: result.error.message } : {}) };
}

export async function fetchExport(id: string, format: ExportFormat, content: ExportContent, shareCode?: string): Promise<FileOutcome> {
  const query = { idStr: id, type: format, msgType: content, speaker: '1' as const, ...(shareCode ? { shareCode } : {}) };
  return outcomeOf(await exportRecords(query, `transcript.${format}`));
}

export async function fetchSummaryDocument(transId: string): Promise<FileOutcome> {
  return outcomeOf(await downloadSummaryDocument(transId));
}

export async function fetchSpeech(text: string, lang: string): Promise<FileOutcome> {
  return outcomeOf(await synthesizeSpeech(text, lang));
}

/** Hands a blob to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  saveToDisk({ blob, fileName });
}

/** The media endpoint for playback, or with `download` as an attachment (the 'Download audio' link). */
export function mediaUrlOf(id: string, shareCode?: string, download = false): string {
  const query = new URLSearchParams({ id, ...(shareCode ? { shareCode } : {}), ...(download ? { download: '1' } : {}) });
  return `/prod-api/speech/audio/transcribe/media?${query.toString()}`;
}
