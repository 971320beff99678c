// @vitest-environment node
// The editor machine's calls bound to the dubbing api: loading reads lines and speakers together,
// saving sends renamed speakers before the lines.
import { afterEach, describe, expect, it, vi } from 'vitest';

import '../../api/test-relative-request';
import { answering, json } from '../../api/test-fetch';
import { dropPrefetchedEditor, loadEditor, prefetchEditor, saveEdits } from './subtitleEditor.calls';

afterEach(() => vi.unstubAllGlobals());

const line = (n: number) => ({ id: `l${n}`, startMs: n * 1000, endMs: n * 1000 + 900, text: `Line ${n}`, translation: null, speakerId: 's1', speaker: 'Ann' });
const ok = (data: unknown) => json({ code: 200, msg: '', data });

describe('subtitle editor calls', () => {
  it('the editor loads lines and speakers together, and saves renames before the lines', async () => {
    const requests = answering((request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('getSpeakerList')) return ok([{ id: 's1', name: 'Ann' }]);
      if (path.endsWith('getFileDataContentPageList')) return ok({ total: 1, rows: [line(0)] });
      return ok(null);
    });
    expect(await loadEditor({ taskId: 't1' })).toEqual({ lines: [line(0)], speakers: [{ id: 's1', name: 'Ann' }] });
    requests.length = 0;
    await saveEdits({ taskId: 't1', lines: [line(0)], renames: [{ speakerId: 's1', name: 'Anna' }] });
    expect(requests.map((request) => new URL(request.url).pathname.split('/').at(-1))).toEqual(['editSpeaker', 'edits']);
  });

  it('a prefetch asks once without a language and is taken by the first load only; a retry reads afresh', async () => {
    const requests = answering((request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('getSpeakerList')) return ok([{ id: 's1', name: 'Ann' }]);
      if (path.endsWith('getFileDataContentPageList')) return ok({ total: 1, rows: [line(requests.length)] });
      return ok(null);
    });
    prefetchEditor('t2');
    prefetchEditor('t2');
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    const firstBody = (await requests.find((request) => request.url.endsWith('getFileDataContentPageList'))!.clone().json()) as Record<string, unknown>;
    expect(firstBody).not.toHaveProperty('lang');
    const first = await loadEditor({ taskId: 't2', lang: 'en-US' });
    expect(requests).toHaveLength(2);
    expect(first.speakers).toEqual([{ id: 's1', name: 'Ann' }]);
    await loadEditor({ taskId: 't2', lang: 'en-US' });
    expect(requests).toHaveLength(4);
  });

  it('a dropped prefetch is not taken', async () => {
    const requests = answering((request) =>
      new URL(request.url).pathname.endsWith('getSpeakerList') ? ok([]) : ok({ total: 0, rows: [] }),
    );
    prefetchEditor('t3');
    dropPrefetchedEditor('t3');
    await loadEditor({ taskId: 't3' });
    expect(requests).toHaveLength(4);
  });
});
