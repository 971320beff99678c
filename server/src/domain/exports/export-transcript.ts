// One entry point for every export format, and a zip for batch export.
import JSZip from 'jszip';
import type { ExportFormat, TranscriptSegment } from '../../../../src/shared/contract/transcript';
import { toDocx } from './docx';
import { toSrt, toTxt, toVtt, type TextExportOptions } from './subtitles';

export interface ExportedFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

// Characters that file systems or Content-Disposition cannot carry.
export function safeFileName(name: string): string {
  const cleaned = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim();
  return cleaned.length ? cleaned.slice(0, 120) : 'transcript';
}

export async function exportTranscript(
  title: string,
  segments: TranscriptSegment[],
  format: ExportFormat,
  options: TextExportOptions,
): Promise<ExportedFile> {
  const body =
    format === 'docx'
      ? await toDocx(title, segments, options)
      : Buffer.from(format === 'txt' ? toTxt(title, segments, options) : format === 'srt' ? toSrt(segments, options) : toVtt(segments, options), 'utf8');
  return { fileName: `${safeFileName(title)}.${format}`, contentType: CONTENT_TYPES[format], body };
}

/** Batch export: one file per record in a zip; equal titles get (1), (2)… so nothing is overwritten. */
export async function zipExports(files: ExportedFile[]): Promise<Buffer> {
  const zip = new JSZip();
  const used = new Set<string>();
  for (const file of files) {
    let name = file.fileName;
    for (let n = 1; used.has(name); n++) name = file.fileName.replace(/(\.[a-z]+)$/, ` (${n})$1`);
    used.add(name);
    zip.file(name, file.body);
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
