// The upload stream of one dubbing video: straight to storage; through the server (uploadBlock)
// when storage cannot be reached before any block arrived; resumed on that path by skipping the
// blocks the server says it holds; and no switch for a refusal with a status or a later failure.
import { lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { BlockBlobSeam } from '../../streams/blob-blocks$';
import type { UploadBlockFields } from '../../api/dubbing/upload-block';
import { dubUpload$, isUnreachable, serverBlobName, type DubUploadDeps } from './dubFile.upload';

const MB = 1024 * 1024;
const file = { name: 'Talk (final).mp4', size: 10 * MB, slice: (start = 0, end = 0) => new Blob([new Uint8Array(Math.max(0, end - start) > 0 ? 1 : 0)]) };
const SAS = { accountUrl: 'http://storage.test/acct', containerName: 'u-1', sasToken: 'sv=1' };

function deps(storage: Partial<BlockBlobSeam>, held: (call: number) => string[] = () => []) {
  const sent: UploadBlockFields[] = [];
  const registered: string[] = [];
  const staged: string[] = [];
  const value: DubUploadDeps = {
    sasInfo: async () => SAS,
    openBlob: async () => ({
      stageBlock: async (id) => {
        staged.push(id);
      },
      commitBlockList: async () => undefined,
      getBlockList: async () => ({}),
      ...storage,
    }),
    register: async (body) => {
      registered.push(body.url);
      return { id: 'rec-1', createTime: '2026-11-24', audioDuration: 30 };
    },
    sendBlock: async (fields) => {
      sent.push(fields);
      return { blobName: fields.blobName ?? '', url: fields.end === '1' ? `http://parley.test/blob/u-1/${fields.blobName}` : undefined, blockIds: held(sent.length) } as never;
    },
  };
  return { value, sent, registered, staged };
}

const run = (d: DubUploadDeps, extra: { resume?: boolean; via?: 'storage' | 'server' } = {}) =>
  lastValueFrom(dubUpload$({ file, blobName: 'abc123_Talk (final).mp4', folderId: '1', resume: extra.resume ?? false, ...(extra.via ? { via: extra.via } : {}) }, d).pipe(toArray()));

const unreachable = () => Object.assign(new Error('Failed to fetch'), { name: 'RestError', code: 'REQUEST_SEND_ERROR' });

describe('dubUpload$', () => {
  it('sends the blocks straight to storage and registers the blob', async () => {
    const d = deps({});
    const events = await run(d.value);
    expect(d.staged).toHaveLength(3);
    expect(d.sent).toHaveLength(0);
    expect(d.registered).toHaveLength(1);
    expect(d.registered[0]).toMatch(/^http:\/\/storage\.test\/acct\/u-1\/abc123_Talk/);
    expect(events.at(-1)).toMatchObject({ type: 'upload.registered', record: { id: 'rec-1' } });
    expect(events.filter((event) => event.type === 'upload.progress').every((event) => (event as { percent: number }).percent <= 99.9)).toBe(true);
  });

  it('goes through the server when storage cannot be reached on the first block', async () => {
    const d = deps({ stageBlock: async () => Promise.reject(unreachable()) });
    const events = await run(d.value);
    expect(events).toContainEqual({ type: 'upload.via', via: 'server' });
    expect(d.sent.map((fields) => fields.end)).toEqual(['0', '0', '1']);
    expect(d.sent.map((fields) => fields.blockIds?.length)).toEqual([1, 2, 3]);
    expect(new Set(d.sent.map((fields) => fields.blobName))).toEqual(new Set(['abc123_Talk _final_.mp4']));
    expect(d.sent[0]).toMatchObject({ oriFileName: 'Talk (final).mp4', fileSize: 10 * MB, folderId: '1' });
    expect(d.registered).toEqual(['http://parley.test/blob/u-1/abc123_Talk _final_.mp4']);
    expect(events.at(-1)).toMatchObject({ type: 'upload.registered' });
  });

  it('resumes through the server, skipping the blocks it already holds (the last is always sent)', async () => {
    // The first answer says the server holds blocks 0 and 1 already.
    const ids = [btoa('block-000000'), btoa('block-000001')];
    const d = deps({}, () => ids);
    await run(d.value, { via: 'server', resume: true });
    expect(d.sent.map((fields) => fields.end)).toEqual(['0', '1']);
    expect(d.sent[1]?.blockIds).toEqual([btoa('block-000000'), btoa('block-000001'), btoa('block-000002')]);
  });

  it('does not switch paths for a refusal with a status, nor after a block arrived', async () => {
    const forbidden = deps({ stageBlock: async () => Promise.reject(Object.assign(new Error('AuthorizationFailure'), { name: 'RestError', statusCode: 403 })) });
    await expect(run(forbidden.value)).rejects.toMatchObject({ statusCode: 403 });
    expect(forbidden.sent).toHaveLength(0);
    let calls = 0;
    const later = deps({
      stageBlock: async () => {
        calls += 1;
        if (calls > 1) throw unreachable();
      },
    });
    await expect(run(later.value)).rejects.toMatchObject({ code: 'REQUEST_SEND_ERROR' });
    expect(later.sent).toHaveLength(0);
  });

  it('knows an unreachable store from an answer or an abort', () => {
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUnreachable(unreachable())).toBe(true);
    expect(isUnreachable(Object.assign(new Error('x'), { name: 'RestError', statusCode: 500 }))).toBe(false);
    expect(isUnreachable(Object.assign(new Error('x'), { name: 'AbortError' }))).toBe(false);
    expect(serverBlobName('9f_会议 (1).mp4')).toBe('9f___ _1_.mp4');
  });
});
