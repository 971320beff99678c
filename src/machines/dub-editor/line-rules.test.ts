// @vitest-environment node
// The dub editor's rules (features §5) one by one, as pure functions.
import { describe, expect, it } from 'vitest';
import { DUB_EDITOR_LIMITS, dubLineCharAllowance, dubLineCharExcess } from '../../shared/contract/dub-limits';
import {
  clampToMedia,
  deleteRefusal,
  formatTypedTime,
  frameRefusal,
  insertSlot,
  joinText,
  mergedLine,
  parseTypedTime,
  renamedOnLines,
  retimeRefusal,
  retimed,
  speakerName,
  splitLine,
  touchedLineId,
  withText,
  withTranslation,
} from './line-rules';
import type { DubLine } from './subtitleEditor.types';

const line = (id: string, startMs: number, endMs: number, text = 'Hello world', extra: Partial<DubLine> = {}): DubLine => ({
  id,
  startMs,
  endMs,
  text,
  translation: 'Hola mundo',
  speaker: 'Ann',
  speakerId: 's1',
  overrunMs: 0,
  revoice: false,
  ...extra,
});
const LINES = [line('a', 0, 2000), line('b', 2000, 4000), line('c', 5000, 9000)];

describe('typed times', () => {
  it("read 'HH:MM:SS,mmm' and 'MM:SS.mmm', either decimal mark, short fractions as tenths", () => {
    expect(parseTypedTime('01:02:03,456')).toBe(3_723_456);
    expect(parseTypedTime('00:00:01.5')).toBe(1500);
    expect(parseTypedTime('02:03.250')).toBe(123_250);
    expect(parseTypedTime(' 90:00,000 ')).toBe(5_400_000);
  });
  it('refuse anything else', () => {
    for (const bad of ['', '1:2:3', '00:61:00,000', '00:00:60,000', '12', 'ab:cd.efg', '00:00:01', '00:00:01,1234']) expect(parseTypedTime(bad)).toBeNull();
  });
  it('format back to what they read', () => {
    expect(formatTypedTime(3_723_456)).toBe('01:02:03,456');
    expect(parseTypedTime(formatTypedTime(14_399_999))).toBe(14_399_999);
  });
});

describe('retiming', () => {
  it('refuses an end before the start, and a start after the end when the start was typed', () => {
    expect(retimeRefusal(LINES, 1, 3000, 2500, null)).toBe('endBeforeStart');
    expect(retimeRefusal(LINES, 1, 3000, 2500, null, 'end')).toBe('endBeforeStart');
    expect(retimeRefusal(LINES, 1, 4500, 4000, null, 'start')).toBe('startAfterEnd');
    // Shorter than the shortest line counts as the same mistake.
    expect(retimeRefusal(LINES, 1, 2000, 2000 + DUB_EDITOR_LIMITS.minLineMs - 1, null)).toBe('endBeforeStart');
  });
  it('refuses an overlap with either neighbour, allows touching them', () => {
    expect(retimeRefusal(LINES, 1, 1999, 4000, null)).toBe('overlap');
    expect(retimeRefusal(LINES, 1, 2000, 5001, null)).toBe('overlap');
    expect(retimeRefusal(LINES, 1, 2000, 5000, null)).toBeNull();
  });
  it('refuses a time outside the media as a wrong time', () => {
    expect(retimeRefusal(LINES, 2, 5000, 9500, 9000)).toBe('timeFormat');
    expect(retimeRefusal(LINES, 0, -1, 1000, 9000)).toBe('timeFormat');
    expect(retimeRefusal(LINES, 2, 5000, 9500, null)).toBeNull();
    expect(retimeRefusal(LINES, 0, Number.NaN, 1000, null)).toBe('timeFormat');
  });
  it('refuses a frame too short for its characters', () => {
    const dense = [line('a', 0, 4000, 'x'.repeat(90))];
    expect(retimeRefusal(dense, 0, 0, 3000, null)).toBe('charsPerFrame');
    expect(retimeRefusal(dense, 0, 0, 3600, null)).toBeNull();
  });
  it('changes only the retimed line, marks it for re-voicing, shares the others', () => {
    const next = retimed(LINES, 1, 2100, 3900);
    expect(next[1]).toMatchObject({ startMs: 2100, endMs: 3900, revoice: true });
    expect(next[0]).toBe(LINES[0]);
    expect(next[2]).toBe(LINES[2]);
    expect(LINES[1]!.startMs).toBe(2000);
  });
  it('holds a drag inside the media, keeping its length', () => {
    expect(clampToMedia(-500, 1500, 9000)).toEqual({ startMs: 0, endMs: 2000 });
    expect(clampToMedia(8000, 10_000, 9000)).toEqual({ startMs: 7000, endMs: 9000 });
    expect(clampToMedia(100, 200, null)).toEqual({ startMs: 100, endMs: 200 });
  });
});

describe('characters per frame, with translation', () => {
  it('allows maxCharsPerSecond per second, never fewer than minFrameChars', () => {
    expect(dubLineCharAllowance(1000)).toBe(DUB_EDITOR_LIMITS.minFrameChars);
    expect(dubLineCharAllowance(10_000)).toBe(10 * DUB_EDITOR_LIMITS.maxCharsPerSecond);
  });
  it('counts the translation as well as the text, in code points', () => {
    expect(dubLineCharExcess(line('a', 0, 1000, 'short', { translation: 'y'.repeat(50) }))).toBe(50 - DUB_EDITOR_LIMITS.minFrameChars);
    expect(dubLineCharExcess(line('a', 0, 1000, '😀'.repeat(42), { translation: '' }))).toBe(0);
  });
  it('refuses a line over its allowance unless it was already over and did not get worse', () => {
    const over = line('a', 0, 1000, 'x'.repeat(50));
    expect(frameRefusal(0, over)).toBe('charsPerFrame');
    expect(frameRefusal(8, over)).toBeNull();
    expect(frameRefusal(7, over)).toBe('charsPerFrame');
  });
});

describe('text and translation', () => {
  it('a text edit drops word timings and makes an unchanged translation stale', () => {
    const edited = withText(line('a', 0, 2000, 'Hi', { words: [{ text: 'Hi', startMs: 0, endMs: 500 }] }), 'Hello');
    expect(edited).toMatchObject({ text: 'Hello', translationStale: true, revoice: true });
    expect(edited.words).toBeUndefined();
  });
  it('a translation edit is current again', () => {
    expect(withTranslation(line('a', 0, 2000, 'x', { translationStale: true }), 'Hola')).toMatchObject({ translation: 'Hola', translationStale: false, revoice: true });
  });
});

describe('insert', () => {
  it('fills the gap after a line, at most insertMs long', () => {
    expect(insertSlot(LINES, 1, 10_000)).toEqual({ startMs: 4000, endMs: 5000 });
    expect(insertSlot(LINES, 2, 20_000)).toEqual({ startMs: 9000, endMs: 9000 + DUB_EDITOR_LIMITS.insertMs });
  });
  it('has no room once the end reaches the video duration, or between touching lines', () => {
    expect(insertSlot(LINES, 2, 9000)).toBeNull();
    expect(insertSlot(LINES, 0, 9000)).toBeNull();
    expect(insertSlot(LINES, -1, 9000)).toBeNull();
    expect(insertSlot([line('a', 500, 900)], -1, 9000)).toEqual({ startMs: 0, endMs: 500 });
  });
});

describe('delete', () => {
  it('never deletes the last line', () => {
    expect(deleteRefusal([LINES[0]!])).toBe('lastLine');
    expect(deleteRefusal(LINES)).toBeNull();
  });
});

describe('split', () => {
  it('at the caret: time and translation at the caret ratio, on a word boundary', () => {
    const [first, second] = splitLine(line('a', 0, 2000, 'Hello world'), { caret: 6 }, 'n')!;
    expect(first).toMatchObject({ id: 'a', startMs: 0, endMs: Math.round((6 / 11) * 2000), text: 'Hello', translation: 'Hola', revoice: true });
    expect(second).toMatchObject({ id: 'n', startMs: first.endMs, endMs: 2000, text: 'world', translation: 'mundo', overrunMs: null, revoice: true });
  });
  it('at the playhead: text and translation at the time ratio', () => {
    const [first, second] = splitLine(line('a', 1000, 3000, '一二三四', { translation: 'one two three four' }), { atMs: 1500 }, 'n')!;
    expect(first).toMatchObject({ endMs: 1500, text: '一', translation: 'one' });
    expect(second).toMatchObject({ startMs: 1500, text: '二三四', translation: 'two three four' });
  });
  it('keeps both pieces at least minLineMs long, and refuses a line too short to split', () => {
    const [first] = splitLine(line('a', 0, 2000, 'Hello world'), { caret: 0 }, 'n')!;
    expect(first.endMs).toBe(DUB_EDITOR_LIMITS.minLineMs);
    expect(splitLine(line('a', 0, 2 * DUB_EDITOR_LIMITS.minLineMs - 1), { caret: 3 }, 'n')).toBeNull();
  });
  it('keeps a missing translation missing', () => {
    const pieces = splitLine(line('a', 0, 2000, 'Hello world', { translation: null }), { caret: 6 }, 'n')!;
    expect(pieces.map((piece) => piece.translation)).toEqual([null, null]);
  });
});

describe('merge', () => {
  it('joins text and translation (no space between CJK), spans both, keeps the chosen speaker', () => {
    const merged = mergedLine(line('a', 0, 1000, '你好'), line('b', 1200, 2000, '世界', { translation: 'world', speakerId: 's2', speaker: 'Bo' }), line('b', 0, 0, '', { speakerId: 's2', speaker: 'Bo' }));
    expect(merged).toMatchObject({ id: 'a', startMs: 0, endMs: 2000, text: '你好世界', translation: 'Hola mundo world', speakerId: 's2', speaker: 'Bo', revoice: true });
    expect(joinText('Hello', '')).toBe('Hello');
    expect(joinText('', 'x')).toBe('x');
  });
});

describe('speakers', () => {
  it('a name is trimmed, capped, and empty is none', () => {
    expect(speakerName('  Ann ')).toBe('Ann');
    expect(speakerName('   ')).toBeNull();
    expect(speakerName('x'.repeat(80))).toHaveLength(DUB_EDITOR_LIMITS.maxSpeakerNameChars);
  });
  it('a rename reaches every line of the speaker and shares the others', () => {
    const lines = [...LINES, line('d', 9000, 9500, 'x', { speakerId: 's2', speaker: 'Bo' })];
    const next = renamedOnLines(lines, 's1', 'Anna');
    expect(next.map((item) => item.speaker)).toEqual(['Anna', 'Anna', 'Anna', 'Bo']);
    expect(next[3]).toBe(lines[3]);
    expect(renamedOnLines(lines, 's9', 'Zed')).toBe(lines);
  });
});

describe('touchedLineId: the line an undo or redo lands on', () => {
  const at = (id: string, startMs: number, text = id): DubLine => ({ id, startMs, endMs: startMs + 1000, text, speakerId: 's1', speaker: 'Ann' });
  const lines = [at('a', 0), at('b', 1000), at('c', 2000)];
  it('a line brought back, a changed line, the line after a removed one', () => {
    expect(touchedLineId([lines[0]!, lines[2]!], lines)).toBe('b');
    expect(touchedLineId(lines, [lines[0]!, { ...lines[1]!, text: 'other' }, lines[2]!])).toBe('b');
    expect(touchedLineId(lines, [lines[0]!, lines[2]!])).toBe('c');
  });
  it('the new last line when lines went from the end; none when nothing differs', () => {
    expect(touchedLineId(lines, lines.slice(0, 2))).toBe('b');
    expect(touchedLineId(lines, lines)).toBeNull();
    expect(touchedLineId(lines, [])).toBeNull();
  });
  it('copies that only carry a renamed speaker count as the same line', () => {
    const renamed = lines.map((line) => ({ ...line, speaker: 'Anna' }));
    expect(touchedLineId(lines, renamed)).toBeNull();
    expect(touchedLineId(renamed, [renamed[0]!, { ...renamed[1]!, startMs: 1100 }, renamed[2]!])).toBe('b');
  });
});
