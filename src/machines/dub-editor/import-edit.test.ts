// @vitest-environment node
// The import edit as a pure function: replace keeps voices by overlap and the media's bounds, merge
// lays the cues' text over the lines it overlaps, and the limits refuse as other edits do.
import { describe, expect, it } from 'vitest';
import { DUB_EDITOR_LIMITS } from '../../shared/contract/dub-limits';
import { importOutcome, sidesOf } from './import-edit';
import type { DubLine } from './subtitleEditor.types';

const line = (id: string, startMs: number, endMs: number, speakerId: string): DubLine => ({
  id,
  startMs,
  endMs,
  text: `text ${id}`,
  translation: `translation ${id}`,
  speakerId,
  speaker: speakerId === 's1' ? 'Ann' : 'Bo',
  overrunMs: 0,
  revoice: false,
});
const LINES = [line('a', 0, 2000, 's1'), line('b', 2000, 4000, 's2'), line('c', 5000, 9000, 's1')];
const doc = { lines: LINES, durationMs: 10_000 };
let counter = 0;
const newId = () => `n${++counter}`;

describe('subtitle import', () => {
  it('replace: the cues become the lines, each with the speaker it overlaps most, held inside the media', () => {
    counter = 0;
    const outcome = importOutcome(
      doc,
      {
        mode: 'replace',
        target: 'bilingual',
        cues: [
          { startMs: 500, endMs: 3700, text: '你好\nHello\nthere' },
          { startMs: 6000, endMs: 7000, text: 'Solo' },
          { startMs: 9950, endMs: 12_000, text: 'past the end' },
        ],
      },
      newId,
    );
    expect(outcome).toEqual({
      kind: 'changed',
      selectedLineId: 'n1',
      lines: [
        { id: 'n1', startMs: 500, endMs: 3700, text: '你好', translation: 'Hello there', speaker: 'Bo', speakerId: 's2', overrunMs: null, revoice: true },
        { id: 'n2', startMs: 6000, endMs: 7000, text: 'Solo', translation: '', speaker: 'Ann', speakerId: 's1', overrunMs: null, revoice: true },
      ],
    });
  });

  it('merge: each line takes the text of the cue it overlaps most; lines no cue overlaps stay the same objects', () => {
    const outcome = importOutcome(doc, { mode: 'merge', target: 'translation', cues: [{ startMs: 100, endMs: 1900, text: 'Hola\nmundo' }, { startMs: 1900, endMs: 4100, text: 'Dos' }] }, newId);
    if (outcome.kind !== 'changed') throw new Error(outcome.kind);
    expect(outcome.lines.map((l) => [l.id, l.startMs, l.endMs, l.speakerId, l.text, l.translation])).toEqual([
      ['a', 0, 2000, 's1', 'text a', 'Hola mundo'],
      ['b', 2000, 4000, 's2', 'text b', 'Dos'],
      ['c', 5000, 9000, 's1', 'text c', 'translation c'],
    ]);
    expect(outcome.lines[2]).toBe(LINES[2]);
    expect(outcome.lines[0]!.revoice).toBe(true);
    // The original replaced under a translation makes that translation stale.
    const text = importOutcome(doc, { mode: 'merge', target: 'text', cues: [{ startMs: 5000, endMs: 9000, text: 'New third' }] }, newId);
    expect(text.kind === 'changed' && text.lines[2]).toMatchObject({ text: 'New third', translation: 'translation c', translationStale: true });
  });

  it('changes nothing when merged text is what the lines hold, and refuses what no edit may do', () => {
    expect(importOutcome(doc, { mode: 'merge', target: 'translation', cues: [{ startMs: 0, endMs: 2000, text: 'translation a' }] }, newId)).toEqual({ kind: 'none' });
    const long = 'x'.repeat(DUB_EDITOR_LIMITS.maxLineChars + 1);
    expect(importOutcome(doc, { mode: 'replace', target: 'text', cues: [{ startMs: 0, endMs: 1000, text: long }] }, newId)).toEqual({ kind: 'refused', refusal: 'charsPerFrame' });
    expect(importOutcome(doc, { mode: 'replace', target: 'text', cues: [{ startMs: 20_000, endMs: 21_000, text: 'after the media' }] }, newId)).toEqual({ kind: 'refused', refusal: 'lastLine' });
  });

  it('splits a cue for the target as the dub form does for SRT kinds', () => {
    expect(sidesOf(' A \nB\n\nC ', 'text')).toEqual({ text: 'A B C', translation: null });
    expect(sidesOf('A\nB', 'translation')).toEqual({ text: null, translation: 'A B' });
    expect(sidesOf('A\nB\nC', 'bilingual')).toEqual({ text: 'A', translation: 'B C' });
  });
});
