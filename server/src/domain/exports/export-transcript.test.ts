import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../../../src/shared/contract/transcript';
import { exportTranscript, safeFileName, zipExports } from './export-transcript';
import type { TextExportOptions } from './subtitles';
import { timecode } from './timecode';
import { MIN_CUE_MS, MIN_GAP_MS, timeCues } from './cue-timing';

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
      // The 750 ms last line is held for the 1 s minimum; "-->" in text would read as a timing line.
      '1\n00:00:01,000 --> 00:00:03,500\nAnn: Hello there.\nHola.\n\n2\n01:01:01,250 --> 01:01:02,250\na < b -> c\n',
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

describe('subtitle cue timing (broadcast rules)', () => {
  const line = (id: string, startMs: number, endMs: number): TranscriptSegment => ({ id, startMs, endMs, speaker: null, text: id, translation: null });
  const cueTimes = (srt: string) => [...srt.matchAll(/(\S+) --> (\S+)/g)].map((m) => `${m[1]} ${m[2]}`);

  it.each([
    ['a short cue is held for 1 s when the gap allows', [[0, 300], [5000, 6000]], [[0, 1000], [5000, 6000]]],
    ['a short cue grows only into the gap, two frames before the next', [[0, 300], [600, 2000]], [[0, 520], [600, 2000]]],
    ['cues closer than two frames are pulled apart', [[0, 2000], [2030, 4000]], [[0, 1950], [2030, 4000]]],
    ['overlapping cues end two frames before the next begins', [[0, 3000], [2000, 4000]], [[0, 1920], [2000, 4000]]],
    ['a cue starting almost with the next ends where the next begins', [[1000, 3000], [1050, 4000]], [[1000, 1050], [1050, 4000]]],
    ['an inverted cue is held from its start', [[2000, 1000]], [[2000, 3000]]],
    ['cues given out of order are put in order', [[5000, 6000], [0, 2000]], [[0, 2000], [5000, 6000]]],
  ])('%s', (_name, given, expected) => {
    const result = timeCues(given.map(([startMs, endMs]) => ({ startMs: startMs!, endMs: endMs! })).sort((a, b) => a.startMs - b.startMs));
    expect(result.map((c) => [c.startMs, c.endMs])).toEqual(expected);
  });

  it('SRT and VTT cues never overlap, keep 80 ms apart and last 1 s where room allows', async () => {
    const lines = [line('a', 0, 200), line('b', 250, 2000), line('c', 1500, 2600), line('d', 2610, 2700), line('e', 9000, 9100)];
    for (const format of ['srt', 'vtt'] as const) {
      const body = (await exportTranscript('t', lines, format, { content: 'original', speakers: false })).body.toString('utf8');
      const parsed = cueTimes(body).map((pair) => pair.split(' ').map((t) => {
        const [h, m, s] = t.replace(',', '.').split(':').map(Number);
        return Math.round(((h! * 60 + m!) * 60 + s!) * 1000);
      }));
      expect(parsed).toHaveLength(5);
      for (const [index, [start, end]] of parsed.entries()) {
        expect(end!).toBeGreaterThanOrEqual(start!);
        const next = parsed[index + 1];
        if (next && next[0]! - start! >= MIN_GAP_MS) expect(next[0]! - end!).toBeGreaterThanOrEqual(MIN_GAP_MS);
        if (!next || next[0]! - start! >= MIN_CUE_MS + MIN_GAP_MS) expect(end! - start!).toBeGreaterThanOrEqual(MIN_CUE_MS);
      }
      expect(parsed.at(-1)).toEqual([9000, 10_000]);
    }
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
