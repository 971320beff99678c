// SRT files from other projects' parser test suites (tests/fixtures/srt/<project>/, shipped with their
// licences) read by our one reader as those projects' own tests expect: subtitle.js's fixtures against
// the cue lists its tests compare with (.srt.json), srt-parser-2's against the counts and timings its
// tests assert. Each is also what the upload check (POST /file/upload, POST /file/srtRead) accepts, and
// reads the same when re-saved as UTF-16 without a BOM.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readSrtFile } from '../dubbing/tasks/srt-attachment';
import { decodeSubtitle } from './srt-encoding';
import { parseSrtStructure } from './srt-structure';

const FIXTURES = path.resolve(__dirname, '../../../../tests/fixtures/srt');
const bytesOf = (project: string, name: string) => readFileSync(path.join(FIXTURES, project, name));
const cuesOf = (project: string, name: string) => parseSrtStructure(decodeSubtitle(bytesOf(project, name)).text);

/** subtitle.js keeps a cue's text as written; we drop blank rows and outer spaces of rows (one cue of LaLaLand ends in tab rows). */
const normalised = (text: string) => text.split('\n').map((row) => row.trim()).filter(Boolean).join('\n');

describe('public SRT fixtures read as their own projects read them', () => {
  it.each(['LaLaLand', 'ManOfSteel', 'WonderWoman'])('subtitle.js %s.srt: every cue of %s.srt.json, same times and text', (name) => {
    const expected = (JSON.parse(bytesOf('subtitle-js', `${name}.srt.json`).toString('utf8')) as { type: string; data: { start: number; end: number; text: string } }[])
      .filter((node) => node.type === 'cue')
      .map(({ data }) => ({ startMs: data.start, endMs: data.end, text: normalised(data.text) }));
    expect(expected.length).toBeGreaterThan(1000);
    expect(cuesOf('subtitle-js', `${name}.srt`).map(({ startMs, endMs, text }) => ({ startMs, endMs, text }))).toEqual(expected);
  });

  it('srt-parser-2 correct.srt: the two cues its round-trip test writes back', () => {
    expect(cuesOf('srt-parser-2', 'correct.srt').map(({ startMs, endMs, text }) => ({ startMs, endMs, text }))).toEqual([
      { startMs: 2000, endMs: 6000, text: 'Subtitle 1.1\nSubtitle 1.2' },
      { startMs: 28_967, endMs: 5_430_958, text: 'Subtitle 2.1\nSubtitle 2.2' },
    ]);
  });

  it('srt-parser-2 wrong formats: the cue counts its tests assert (dot separator 2, one-digit hour 3, one-digit fields 10)', () => {
    expect(cuesOf('srt-parser-2', 'dot-as-separator.srt')).toHaveLength(2);
    expect(cuesOf('srt-parser-2', 'single-digit-hour.srt')).toHaveLength(3);
    expect(cuesOf('srt-parser-2', 'single-digit-timecodes.srt')).toHaveLength(10);
  });

  it('srt-parser-2 Welcome-648062.en.srt: 00:00:00.05 --> 00:00:02.00 is 50 ms to 2 s', () => {
    expect(cuesOf('srt-parser-2', 'Welcome-648062.en.srt')[0]).toMatchObject({ startMs: 50, endMs: 2000 });
  });

  it("srt-parser-2 example files (BOM, dot, two-digit milliseconds): three cues each", () => {
    for (const name of ['1.normal.srt', '2.dot.srt', '3.dot and millisecond two digit.srt']) expect(cuesOf('srt-parser-2', name), name).toHaveLength(3);
  });

  const ALL = [
    ...['LaLaLand.srt', 'ManOfSteel.srt', 'WonderWoman.srt'].map((name) => ['subtitle-js', name] as const),
    ...['1.normal.srt', '2.dot.srt', '3.dot and millisecond two digit.srt', 'Welcome-648062.en.srt', 'correct.srt', 'dot-as-separator.srt', 'single-digit-hour.srt', 'single-digit-timecodes.srt'].map(
      (name) => ['srt-parser-2', name] as const,
    ),
  ];

  it.each(ALL)('%s %s: accepted by the upload check with its encoding named, and the same as UTF-16 without BOM', (project, name) => {
    const bytes = bytesOf(project, name);
    const read = readSrtFile({ fileName: name, bytes, truncated: false });
    expect(read.encoding).toBe('UTF-8');
    expect(read.cues).toHaveLength(cuesOf(project, name).length);
    const utf16 = iconv.encode(decodeSubtitle(bytes).text, 'utf-16le');
    expect(readSrtFile({ fileName: name, bytes: utf16, truncated: false })).toEqual({ ...read, encoding: 'UTF-16LE' });
  });
});
