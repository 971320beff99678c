// The layouts other parsers read (srt-parser-2, Subtitle Edit) and files in the wild have, and the
// refusals, which name the cue (counted among cues, not paragraphs) and the file line.
import { describe, expect, it } from 'vitest';
import { parseSrtStructure, SrtFormatError } from './srt-structure';

const shape = (text: string) => parseSrtStructure(text).map(({ cue, startMs, endMs, text: t }) => ({ cue, startMs, endMs, text: t }));

function refusal(text: string): SrtFormatError {
  try {
    parseSrtStructure(text);
  } catch (error) {
    if (error instanceof SrtFormatError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('SRT layout', () => {
  it('starts a cue at every timing line, with no blank line between cues (3 cues, not 1)', () => {
    const text = '1\n00:00:01,000 --> 00:00:02,000\nOne\n2\n00:00:03,000 --> 00:00:04,000\nTwo\n3\n00:00:05,000 --> 00:00:06,000\nThree\n';
    expect(shape(text)).toEqual([
      { cue: 1, startMs: 1000, endMs: 2000, text: 'One' },
      { cue: 2, startMs: 3000, endMs: 4000, text: 'Two' },
      { cue: 3, startMs: 5000, endMs: 6000, text: 'Three' },
    ]);
  });

  it('keeps a cue whose text has blank lines inside it whole, and counts the next cue as 2', () => {
    const text = '1\n00:00:01,000 --> 00:00:02,000\nFirst row\n\n\nSecond row\n\n2\n00:00:03,000 --> 00:00:04,000\nNext\n';
    expect(shape(text)).toEqual([
      { cue: 1, startMs: 1000, endMs: 2000, text: 'First row\nSecond row' },
      { cue: 2, startMs: 3000, endMs: 4000, text: 'Next' },
    ]);
  });

  it('reads dot, comma or colon milliseconds of 1–4 digits, one-digit fields, trailing spaces and position tags', () => {
    const text = '1\n0:0:1.5 --> 0:0:2.25   \nA  \n\n2\n00:00:03:100 --> 00:00:04,9670 X1:10 X2:20 Y1:5 Y2:9\nB\n';
    expect(shape(text)).toEqual([
      { cue: 1, startMs: 1500, endMs: 2250, text: 'A' },
      { cue: 2, startMs: 3100, endMs: 4967, text: 'B' },
    ]);
  });

  it('ignores the numbers written (gaps, repeats, missing) and reads CRLF, CR and LF alike', () => {
    const lf = '7\n00:00:01,000 --> 00:00:02,000\nA\n\n7\n00:00:03,000 --> 00:00:04,000\nB\n\n00:00:05,000 --> 00:00:06,000\nC\n\n\n\n42\n00:00:07,000 --> 00:00:08,000\nD\n';
    const expected = shape(lf);
    expect(expected.map((c) => c.text)).toEqual(['A', 'B', 'C', 'D']);
    expect(shape(lf.replace(/\n/g, '\r\n'))).toEqual(expected);
    expect(shape(lf.replace(/\n/g, '\r'))).toEqual(expected);
    expect(shape(`\uFEFF\n\n${lf}\n\n`)).toEqual(expected);
  });

  it('keeps a cue with no text (other parsers count it too)', () => {
    expect(shape('1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n').map((c) => c.text)).toEqual(['', 'B']);
  });

  it('refuses broken timing naming the cue among cues and the file line', () => {
    // Cue 2 is on file line 8: the blank line inside cue 1 does not make it cue 3.
    const backwards = refusal('1\n00:00:01,000 --> 00:00:02,000\nA\n\nstill A\n\n2\n00:00:05,000 --> 00:00:04,000\nB\n');
    expect([backwards.problem, backwards.cue, backwards.row]).toEqual(['timing', 2, 8]);
    const arrowless = refusal('1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:03,000 00:00:04,000\nB\n');
    expect([arrowless.cue, arrowless.row]).toEqual([2, 6]);
    const shortArrow = refusal('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:05 -> 00:00:04\nbad\n');
    expect([shortArrow.cue, shortArrow.row]).toEqual([2, 6]);
    // The same inside a cue's text (what an export makes of a transcript line holding "-->") is text.
    expect(shape('1\n00:00:01,000 --> 00:00:02,000\nsaid\n00:00:05,000 -> 00:00:04,000\n').map((c) => c.text)).toEqual(['said\n00:00:05,000 -> 00:00:04,000']);
    const noMillis = refusal('1\n00:00:01 --> 00:00:03\nA\n');
    expect([noMillis.cue, noMillis.row]).toEqual([1, 2]);
    const minutes = refusal('1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:75:00,000 --> 00:75:01,000\nB\n');
    expect([minutes.cue, minutes.row]).toEqual([2, 6]);
  });

  it('refuses text before the first timing and a file without cues', () => {
    const prose = refusal('Hello, this is not a subtitle file.\nAt all.\n');
    expect([prose.problem, prose.cue, prose.row]).toEqual(['timing', 1, 1]);
    const empty = refusal('\n\n   \n');
    expect([empty.problem, empty.cue]).toEqual(['empty', 1]);
  });
});
