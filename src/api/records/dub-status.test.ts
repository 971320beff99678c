// @vitest-environment node
// The record list's page and refresh carry each dubbing row's task state: read per dubbing row only,
// a task that cannot be read leaves its row as the record list sent it.
import '../test-relative-request';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answering, json } from '../test-fetch';
import { refreshRecords } from './get-record';
import { queryRecords } from './query-records';

const row = (id: string, recordType: 'upload' | 'dubbing') => ({
  id,
  showName: id,
  state: 'transcription_completed',
  recordType,
  languages: ['zh-CN'],
  targetLanguages: ['en-US'],
  createTime: '2026-11-24 10:00:00',
});

afterEach(() => vi.unstubAllGlobals());

function server() {
  return answering((request) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/speech/audio/transcribe/query')) return json({ code: 200, msg: 'ok', data: { total: 3, rows: [row('up1', 'upload'), row('dub1', 'dubbing'), row('dub2', 'dubbing')] } });
    if (url.pathname.endsWith('/speech/audio/transcribe/getTrans')) return json({ code: 200, msg: 'ok', data: row(url.searchParams.get('id')!, 'dubbing') });
    if (url.pathname.endsWith('/getFileByTaskId')) {
      const taskId = url.searchParams.get('taskId');
      if (taskId === 'dub2') return json({ code: 404, msg: 'not found' });
      return json({ code: 200, msg: 'ok', data: { id: taskId, showName: 'talk', state: 'dubbing', progress: 40, overall: 57, step: 'dub', expired: false, createTime: '2026-11-24' } });
    }
    return json({ code: 404, msg: 'unexpected' });
  });
}

describe('dubbing rows of the record list', () => {
  it('carry their task state; other rows and unreadable tasks stay as listed', async () => {
    const requests = server();
    const page = await queryRecords({ pageNum: 1, pageSize: 20 });
    expect(page?.rows.map((item) => item.dub ?? null)).toEqual([null, { state: 'dubbing', progress: 40, overall: 57, step: 'dub', expired: false, errorMessage: null }, null]);
    const taskReads = requests.filter((request) => request.url.includes('/getFileByTaskId')).map((request) => new URL(request.url).searchParams.get('taskId'));
    expect(taskReads.sort()).toEqual(['dub1', 'dub2']);
  });

  it('keep it when the list reads its running rows again', async () => {
    server();
    const refresh = await refreshRecords(['dub1']);
    expect(refresh.updated[0]?.dub).toMatchObject({ state: 'dubbing', progress: 40 });
  });
});
