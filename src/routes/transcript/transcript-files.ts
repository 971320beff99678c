// Files of the transcript page: exports, the summary as Word, and read-aloud audio. They come back
// as bytes, or as an envelope when they cannot be made, so these calls read the body themselves
// through the raw typed client (credential and locale still come from its middleware).
import { api } from '../../api/instance';
import type { ExportContent, ExportFormat } from '../../shared/contract/transcript';

export type FileOutcome = { ok: true; blob: Blob; fileName: string } | { ok: false; message?: string };

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

async function asFile(result: { data?: unknown; error?: unknown; response: Response }, fallbackName: string): Promise<FileOutcome> {
  const { response } = result;
  const type = response.headers.get('Content-Type') ?? '';
  const body = (result.data ?? result.error) as Blob | undefined;
  if (!response.ok || type.includes('json') || !(body instanceof Blob)) {
    try {
      const envelope = JSON.parse(body instanceof Blob ? await body.text() : '{}') as { msg?: string };
      return { ok: false, ...(envelope.msg ? { message: envelope.msg } : {}) };
    } catch {
      return { ok: false };
    }
  }
  return { ok: true, blob: body, fileName: fileNameOf(response, fallbackName) };
}

export async function fetchExport(id: string, format: ExportFormat, content: ExportContent, shareCode?: string): Promise<FileOutcome> {
  try {
    const result = await api.client.GET('/speech/audio/transcribe/export', {
      params: { query: { idStr: id, type: format, msgType: content, speaker: '1', ...(shareCode ? { shareCode } : {}) } },
      parseAs: 'blob',
    });
    return await asFile(result, `transcript.${format}`);
  } catch {
    return { ok: false };
  }
}

export async function fetchSummaryDocument(transId: string): Promise<FileOutcome> {
  try {
    const result = await api.client.POST('/ai/summaryTemplate/download', { body: { transId }, parseAs: 'blob' });
    return await asFile(result, 'summary.docx');
  } catch {
    return { ok: false };
  }
}

export async function fetchSpeech(text: string, lang: string): Promise<FileOutcome> {
  try {
    const result = await api.client.POST('/speech/audio/synthesis', { body: { text, lang }, parseAs: 'blob' });
    return await asFile(result, 'speech.wav');
  } catch {
    return { ok: false };
  }
}

/** Hands a blob to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The media endpoint for playback, or with `download` as an attachment (the 'Download audio' link). */
export function mediaUrlOf(id: string, shareCode?: string, download = false): string {
  const query = new URLSearchParams({ id, ...(shareCode ? { shareCode } : {}), ...(download ? { download: '1' } : {}) });
  return `/prod-api/speech/audio/transcribe/media?${query.toString()}`;
}
