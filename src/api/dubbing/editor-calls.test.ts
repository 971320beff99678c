// @vitest-environment node
// The dub editor's calls against fake answers: each speaks its contract path with the contract's
// fields, every page of a long task is read and joined in order, and a refusal rejects with the
// server's message for the save state.
import { afterEach, describe, expect, it, vi } from 'vitest';

import '../test-relative-request';
import { answering, json } from '../test-fetch';
import { editDubSpeaker } from './edit-speaker';
import { lineInput, saveDubEdits } from './edits';
import { DUB_LINE_PAGE_SIZE, getAllDubLines } from './get-file-data-content-page-list';
import { getDubSpeakers } from './get-speaker-list';

afterEach(() => vi.unstubAllGlobals());

const line = (n: number) => ({ id: `l${n}`, startMs: n * 1000, endMs: n * 1000 + 900, text: `Line ${n}`, translation: null, speakerId: 's1', speaker: 'Ann' });
const ok = (data: unknown) => json({ code: 200, msg: '', data });

describe('dub editor calls', () => {
  it('edits sends every line without the read-only fields', async () => {
    const requests = answering(() => ok(null));
    const full = { ...line(1), overrunMs: 120, revoice: true, translationStale: true, words: [{ text: 'Line', startMs: 1000, endMs: 1200 }], speaker: '' };
    await saveDubEdits('t1', [full]);
    expect(new URL(requests[0]!.url).pathname).toMatch(/\/speech\/video\/transcribe\/edits$/);
    expect(await requests[0]!.json()).toEqual({ id: 't1', lines: [{ id: 'l1', startMs: 1000, endMs: 1900, text: 'Line 1', translation: null, speaker: null, speakerId: 's1' }] });
    expect(lineInput(line(2))).not.toHaveProperty('overrunMs');
  });

  it('reads every page of a long task, a few at a time, in order', async () => {
    const total = DUB_LINE_PAGE_SIZE * 3 + 5;
    const requests = answering(async (request) => {
      const { pageNum, pageSize, id, lang } = (await request.clone().json()) as { pageNum: number; pageSize: number; id: string; lang?: string };
      expect({ id, lang, pageSize }).toEqual({ id: 't1', lang: 'en-US', pageSize: DUB_LINE_PAGE_SIZE });
      const from = (pageNum - 1) * pageSize;
      const rows = Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, i) => line(from + i));
      // Later pages answer first: the order must come from the page number, not the arrival.
      await new Promise((resolve) => setTimeout(resolve, 10 * (5 - pageNum)));
      return ok({ total, rows });
    });
    const lines = await getAllDubLines('t1', 'en-US');
    expect(lines).toHaveLength(total);
    expect(lines.every((item, index) => item.id === `l${index}`)).toBe(true);
    expect(requests).toHaveLength(4);
  });

  it('speakers by task id, and a rename through editSpeaker', async () => {
    const requests = answering((request) => (request.method === 'GET' ? ok([{ id: 's1', name: 'Ann', voice: 'v1' }]) : ok(null)));
    expect(await getDubSpeakers('t1')).toEqual([{ id: 's1', name: 'Ann', voice: 'v1' }]);
    expect(new URL(requests[0]!.url).searchParams.get('id')).toBe('t1');
    await editDubSpeaker({ id: 't1', speakerId: 's1', speakerName: 'Anna' });
    expect(new URL(requests[1]!.url).pathname).toMatch(/\/speech\/video\/transcribe\/editSpeaker$/);
    expect(await requests[1]!.json()).toEqual({ id: 't1', speakerId: 's1', speakerName: 'Anna' });
  });

  it('a refusal rejects with the server message', async () => {
    answering(() => json({ code: 500, msg: 'Lines overlap' }));
    await expect(saveDubEdits('t1', [line(1)])).rejects.toMatchObject({ message: 'Lines overlap' });
  });
});
