// Exports read the same by every parser (issue 30): SRT and WebVTT written from generated hostile
// transcript text (blank lines, "-->", tags, &, < >, control characters, emoji and RTL text, numbers
// and time stamps alone on a row, very long rows) are parsed by independent parsers — the `subtitle`
// package (SRT and WebVTT), `webvtt-parser` (the W3C validator's parser), ffmpeg's demuxers and our
// own SRT reader — and each finds every cue, at its times, with its text.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSync } from 'subtitle';
import { WebVTTParser, type WebVttNode } from 'webvtt-parser';
import { afterAll, describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../../../src/shared/contract/transcript';
import { formatSrt } from '../dubbing/pipeline/srt';
import { cueRows, srtCueRows } from '../subtitles/cue-text';
import { parseSrtStructure } from '../subtitles/srt-structure';
import { subtitleCues, toSrt, toVtt } from './subtitles';

/** mulberry32: the same hostile text on every run, different in every row. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'plain words',
  '\n\n',
  '\n \n',
  ' --> ',
  '-->',
  '<b>bold</b>',
  '<i>',
  '</c>',
  '&',
  '&amp;',
  ' < ',
  ' > ',
  'a<b',
  '{\\an8}',
  '会议记录',
  'مرحبا',
  '👩‍💻🎉',
  '\t',
  '\r\n',
  '\r',
  '\u2028',
  '\u0000\u0007',
  '\n42\n',
  '\n00:00:01,000 --> 00:00:02,000\n',
  '\n00:00:03.000 00:00:04.000\n',
  '\nWEBVTT\n',
  '\nNOTE this\n',
  ' ',
  'x'.repeat(1500),
];

function hostileSegments(count: number, seed: number): TranscriptSegment[] {
  const next = random(seed);
  const text = () => Array.from({ length: 1 + Math.floor(next() * 6) }, () => PIECES[Math.floor(next() * PIECES.length)]!).join('');
  return Array.from({ length: count }, (_, i) => ({
    id: `s${i}`,
    startMs: i * 3000,
    endMs: i * 3000 + 2000,
    speaker: next() < 0.5 ? `Speaker ${text().slice(0, 20)}` : null,
    text: text(),
    translation: next() < 0.7 ? text() : null,
  }));
}

/** The spec's full list of character references (the parser's default knows only a few, without ';'). */
const ENTITIES = createRequire(import.meta.url)('webvtt-parser/html-entities.json') as Record<string, string>;

/** A cue's text as a WebVTT reader shows it: the text nodes, references decoded, tags (the voice) gone. */
const shownText = (nodes: WebVttNode[]): string => nodes.map((node) => (node.type === 'text' ? (node.value ?? '') : shownText(node.children ?? []))).join('');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-subtitle-parsers-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The cues ffmpeg's demuxer reads from a file, as the Dialogue lines of the ASS it converts them to. */
function ffmpegCueCount(name: string, body: string): number {
  const file = path.join(dir, name);
  fs.writeFileSync(file, body);
  const ass = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'ass', 'pipe:1'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return ass.split('\n').filter((row) => row.startsWith('Dialogue:')).length;
}

describe.each([1, 2, 3])('hostile transcript text (seed %i)', (seed) => {
  const segments = hostileSegments(40, seed);
  const options = { content: 'bilingual', speakers: true } as const;
  const cues = subtitleCues(segments, options.content);

  it('SRT: subtitle, our reader and ffmpeg read every cue with its times and text', () => {
    const srt = toSrt(segments, options);
    const parsed = parseSync(srt).filter((node) => node.type === 'cue');
    expect(parsed).toHaveLength(cues.length);
    expect(parsed.map((node) => [node.data.start, node.data.end])).toEqual(cues.map((cue) => [cue.startMs, cue.endMs]));
    const ours = parseSrtStructure(srt);
    expect(ours.map((cue) => cue.text)).toEqual(parsed.map((node) => node.data.text));
    // Every row of each cue's text is there, in order, as normalised for SRT (after the speaker's name).
    parsed.forEach((node, i) => expect(node.data.text.endsWith(srtCueRows(cues[i]!.lines).join('\n'))).toBe(true));
    expect(ffmpegCueCount(`transcript-${seed}.srt`, srt)).toBe(cues.length);
  });

  it('WebVTT: webvtt-parser finds no error, and it, subtitle and ffmpeg read every cue', () => {
    const vtt = toVtt(segments, options);
    const w3c = new WebVTTParser(ENTITIES).parse(vtt, 'metadata');
    // An error names the parser's message and the line it saw.
    expect(w3c.errors.map((error) => [error.message, vtt.split('\n')[error.line - 1]])).toEqual([]);
    expect(w3c.cues.map((cue) => [Math.round(cue.startTime * 1000), Math.round(cue.endTime * 1000)])).toEqual(cues.map((cue) => [cue.startMs, cue.endMs]));
    // What a player shows is the transcript's text, blank rows and outer spaces aside: <b>, & and "-->" are text.
    expect(w3c.cues.map((cue) => shownText(cue.tree.children))).toEqual(cues.map((cue) => cueRows(cue.lines).join('\n')));
    const parsed = parseSync(vtt).filter((node) => node.type === 'cue');
    expect(parsed.map((node) => node.data.text)).toEqual(w3c.cues.map((cue) => cue.text));
    expect(ffmpegCueCount(`transcript-${seed}.vtt`, vtt)).toBe(cues.length);
  });

  it("SRT of a dub's subtitle files: subtitle and ffmpeg read every line that has text", () => {
    const lines = segments.map((s) => ({ startMs: s.startMs, endMs: s.endMs, text: `${s.text}\n${s.translation ?? ''}` }));
    const shown = lines.filter((line) => cueRows([line.text]).length > 0);
    const srt = formatSrt(lines);
    expect(parseSync(srt).filter((node) => node.type === 'cue').map((node) => node.data.start)).toEqual(shown.map((line) => line.startMs));
    expect(parseSrtStructure(srt)).toHaveLength(shown.length);
    expect(ffmpegCueCount(`dub-${seed}.srt`, srt)).toBe(shown.length);
  });
});
