// POST /ai/summaryTemplate/download (summaryTemplateDownload) — the summary as a Word file (transcript page and meeting downloads).
// Unchecked: each caller reports a refusal itself.
import { asFileAnswer, type DownloadedFile } from '../file-answer';
import { api } from '../instance';
import type { ApiResult } from '../types';

/** `meetingId`: a meeting participant's read, through the meeting's share link (the meeting downloads page). */
export function downloadSummaryDocument(transId: string, meetingId?: string): Promise<ApiResult<DownloadedFile>> {
  return api.call(
    async (client, signal) =>
      asFileAnswer(await client.POST('/ai/summaryTemplate/download', { body: { transId, ...(meetingId ? { meetingId } : {}) }, parseAs: 'blob', signal }), 'summary.docx'),
    { silent: true },
  );
}
