// POST /ai/summaryTemplate/download (summaryTemplateDownload) — the summary as a Word file or plain text (transcript page and meeting downloads).
// Unchecked: each caller reports a refusal itself.
import { asFileAnswer, type DownloadedFile } from '../file-answer';
import { api } from '../instance';
import type { ApiResult } from '../types';

export interface SummaryDownloadOptions {
  /** The Word template (default) or plain text. */
  format?: 'docx' | 'txt' | undefined;
  /** A shared record's reader (the share page). */
  shareCode?: string | undefined;
}

/** `meetingId`: a meeting participant's read, through the meeting's share link (the meeting downloads page). */
export function downloadSummaryDocument(transId: string, meetingId?: string, options: SummaryDownloadOptions = {}): Promise<ApiResult<DownloadedFile>> {
  const format = options.format ?? 'docx';
  const body = { transId, ...(meetingId ? { meetingId } : {}), ...(options.shareCode ? { shareCode: options.shareCode } : {}), ...(format === 'txt' ? { format } : {}) };
  return api.call(
    async (client, signal) => asFileAnswer(await client.POST('/ai/summaryTemplate/download', { body, parseAs: 'blob', signal }), `summary.${format}`),
    { silent: true },
  );
}
