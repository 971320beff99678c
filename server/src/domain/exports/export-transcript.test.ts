import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../../../src/shared/contract/transcript';
import { exportTranscript, safeFileName, zipExports } from './export-transcript';
import type { TextExportOptions } from './subtitles';
import { timecode } from './timecode';

const segments: TranscriptSegment[] = [
  { id: 'a', startMs: 1_000, endMs: 3_500, speaker: 'Ann', text: 'Hello there.', translation: 'Hola.' },
  { id: 'b', startMs: 3_661_250, endMs: 3_662_000, speaker: null, text: 'a < b --> c', translation: null },
];
const bilingual: TextExportOptions = { content: 'bilingual', speakers: true };

const text = async (format: 'txt' | 'srt' | 'vtt', options = bilingual) =>
  (await exportTranscript('Weekly sync', segments, format, options)).body.toString('utf8');

describe('timecode', () => {
  it('formats hours, minutes, seconds and milliseconds', () => {
    expect(timecode(3_661_250, ',')).toBe('01:01:01,250');
    expect(timecode(-5, '.')).toBe('00:00:00.000');
  });
});

describe('exportTranscript', () => {
  it('writes numbered SRT cues with speaker and translation lines', async () => {
    expect(await text('srt')).toBe(
      '1\n00:00:01,000 --> 00:00:03,500\nAnn: Hello there.\nHola.\n\n2\n01:01:01,250 --> 01:01:02,000\na < b --> c\n',
    );
  });

  it('writes WebVTT with voice tags and escaped markup', async () => {
    const vtt = await text('vtt');
    expect(vtt.startsWith('WEBVTT\n\n00:00:01.000 --> 00:00:03.500\n<v Ann>Hello there.\nHola.\n')).toBe(true);
    expect(vtt).toContain('a &lt; b --&gt; c');
  });

  it('exports only the translation when asked, skipping untranslated segments', async () => {
    const srt = await text('srt', { content: 'translation', speakers: false });
    expect(srt).toBe('1\n00:00:01,000 --> 00:00:03,500\nHola.\n');
  });

  it('writes a readable TXT with clock times', async () => {
    expect(await text('txt')).toContain('[00:01] Ann\nHello there.\nHola.');
  });

  it('writes a real DOCX package holding the transcript text', async () => {
    const file = await exportTranscript('Weekly sync', segments, 'docx', bilingual);
    expect(file.fileName).toBe('Weekly sync.docx');
    const zip = await JSZip.loadAsync(file.body);
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('Hello there.');
    expect(xml).toContain('Hola.');
  });
});

describe('zipExports and file names', () => {
  it('keeps every file when titles repeat', async () => {
    const a = await exportTranscript('Same', segments, 'txt', bilingual);
    const zip = await JSZip.loadAsync(await zipExports([a, a]));
    expect(Object.keys(zip.files).sort()).toEqual(['Same (1).txt', 'Same.txt']);
  });
  it('removes characters a file system cannot hold', () => {
    expect(safeFileName('a/b:c*?\u0001')).toBe('a_b_c___');
    expect(safeFileName('   ')).toBe('transcript');
  });
});
