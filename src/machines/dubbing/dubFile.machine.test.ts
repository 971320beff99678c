// One dubbing file against the real API calls (fake fetch) and a fake blob client in place of
// @azure/storage-blob (the browser SDK does not run under the unit tests): SAS, blocks, register,
// progress capped at 99.9% until registered, resume after a drop, SRT attach (dubSrt), delete with confirm.
import { afterEach, describe, expect, it, vi } from 'vitest';

import '../../api/test-relative-request';
import { createActor, fromPromise, waitFor } from 'xstate';
import { fakeFetch, json } from '../../api/test-fetch';
import { DUB_MAX_BYTES, DUB_MAX_DURATION_SECONDS } from '../../shared/contract/dub-limits';
import type { BlockBlobSeam } from '../../streams/blob-blocks$';
import type { BlobTarget } from '../../streams/block-blob-client';
import { dubFileInput, dubFileMachine, OVER_LIMIT_KEY, UNREADABLE_KEY, UPLOAD_FAILED_KEY, type DubFileSource } from './dubFile.machine';
import { apiDubUploadDeps, blockTransport } from './dubFile.upload';
import { dubSrtMachine } from './dubSrt.machine';

const MB = 1024 * 1024;
const SAS = { accountUrl: 'http://storage.test/devstoreaccount1', containerName: 'user-7', sasToken: 'sv=2024&sp=cw&sig=abc' };

function video(name: string, size: number): DubFileSource {
  return { name, size, type: 'video/mp4', slice: (start = 0, end = size) => new Blob([new Uint8Array(end - start)]) };
}

function fakeStorage(options: { dropOnce?: boolean } = {}) {
  const staged = new Map<string, number>();
  const targets: BlobTarget[] = [];
  let dropped = false;
  const seam: BlockBlobSeam = {
    async stageBlock(id, body, length) {
      if (options.dropOnce && !dropped && staged.size === 2) {
        dropped = true;
        throw new Error('connection reset');
      }
      staged.set(id, length);
      expect(body.size).toBe(length);
    },
    async commitBlockList() {},
    async getBlockList() {
      return { uncommittedBlocks: [...staged].map(([name, size]) => ({ name, size })) };
    },
  };
  return { seam, staged, targets, open: async (target: BlobTarget) => (targets.push(target), seam) };
}

/** Answers the SAS and the registration; holds the registration until `release` when asked. */
function serverAnswers(hold = false) {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const fake = fakeFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/speech/blob/getBlobSasInfo')) return json({ code: 200, msg: 'ok', data: SAS });
    if (path.endsWith('/speech/video/transcribe/upload')) {
      if (hold) await held;
      return json({ code: 200, msg: 'ok', data: { id: 'rec-1', createTime: '2026-11-24 07:00:00', audioDuration: 61.5 } });
    }
    if (path.endsWith('/file/upload')) return json({ code: 200, msg: 'ok', data: { url: '/files/talk.srt', name: 'talk.srt', encoding: 'UTF-16LE' } });
    if (path.endsWith('/speech/video/transcribe/remove')) return json({ code: 200, msg: 'ok', data: null });
    return json({ code: 404, msg: 'unexpected' });
  });
  vi.stubGlobal('fetch', fake.fetch);
  return { requests: fake.requests, release: () => release() };
}

function fileActor(file: DubFileSource, storage: ReturnType<typeof fakeStorage>, duration: number | 'unreadable' = 60) {
  const machine = dubFileMachine.provide({
    actors: {
      measure: fromPromise<number | null, { file: DubFileSource }>(async () => {
        if (duration === 'unreadable') throw new Error('no metadata');
        return duration;
      }),
      transport: blockTransport({ ...apiDubUploadDeps, openBlob: storage.open }),
    },
  });
  return createActor(machine, { input: dubFileInput('f1', file, '1', 'r4nd0m_talk.mp4') }).start();
}

afterEach(() => vi.unstubAllGlobals());

describe('dubFile', () => {
  it('uploads the blocks with the SAS, stays below 100% until the server registered the file, then registers it', async () => {
    const server = serverAnswers(true);
    const storage = fakeStorage();
    const actor = fileActor(video('talk.mp4', 10 * MB), storage);
    const percents: number[] = [];
    actor.subscribe((snapshot) => percents.push(snapshot.context.percent));
    actor.send({ type: 'file.start' });
    await vi.waitFor(() => expect(server.requests.some((request) => request.url.endsWith('/speech/video/transcribe/upload'))).toBe(true));
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(Math.max(...percents)).toBe(99.9);
    expect(storage.staged.size).toBe(3);
    expect(storage.targets[0]).toEqual({ ...SAS, blobName: 'r4nd0m_talk.mp4' });
    server.release();
    await waitFor(actor, (snapshot) => snapshot.matches('uploaded'));
    const register = server.requests.find((request) => request.url.endsWith('/speech/video/transcribe/upload'))!;
    expect(await register.json()).toEqual({
      url: 'http://storage.test/devstoreaccount1/user-7/r4nd0m_talk.mp4',
      oriFileName: 'talk.mp4',
      fileSize: 10 * MB,
      folderId: '1',
    });
    expect(actor.getSnapshot().context).toMatchObject({ percent: 100, record: { id: 'rec-1' }, durationSeconds: 61.5 });
  });

  it('fails on a dropped connection and the retry sends only the missing blocks to the same blob', async () => {
    serverAnswers();
    const storage = fakeStorage({ dropOnce: true });
    const stage = vi.spyOn(storage.seam, 'stageBlock');
    const actor = fileActor(video('talk.mp4', 16 * MB), storage);
    actor.send({ type: 'file.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    const sentBefore = stage.mock.calls.length;
    const heldBefore = storage.staged.size;
    expect(heldBefore).toBeLessThan(4);
    actor.send({ type: 'file.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('uploaded'));
    expect(storage.staged.size).toBe(4);
    // Only the blocks storage did not hold went again.
    expect(stage.mock.calls.length - sentBefore).toBe(4 - heldBefore);
    expect(new Set(storage.targets.map((target) => target.blobName))).toEqual(new Set(['r4nd0m_talk.mp4']));
  });

  it('rejects a file over 5 GB or 4 hours, and one whose length cannot be read, without any call', async () => {
    const server = serverAnswers();
    const huge = fileActor(video('big.mp4', DUB_MAX_BYTES + 1), fakeStorage());
    huge.send({ type: 'file.start' });
    expect(huge.getSnapshot().value).toBe('rejected');
    expect(huge.getSnapshot().context.errorKey).toBe(OVER_LIMIT_KEY);
    const long = fileActor(video('long.mp4', MB), fakeStorage(), DUB_MAX_DURATION_SECONDS + 1);
    long.send({ type: 'file.start' });
    await waitFor(long, (snapshot) => snapshot.matches('rejected'));
    expect(long.getSnapshot().context.errorKey).toBe(OVER_LIMIT_KEY);
    const odd = fileActor(video('odd.mp4', MB), fakeStorage(), 'unreadable');
    odd.send({ type: 'file.start' });
    await waitFor(odd, (snapshot) => snapshot.matches('rejected'));
    expect(odd.getSnapshot().context.errorKey).toBe(UNREADABLE_KEY);
    expect(server.requests).toHaveLength(0);
  });

  it('a token storage refuses (expired) fails the file with the upload-failed message, registers nothing, and the retry asks for a new token', async () => {
    const tokens = ['se=2020-01-01&sp=cw&sig=old', 'se=2999-01-01&sp=cw&sig=new'];
    const fake = fakeFetch((request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/speech/blob/getBlobSasInfo')) return json({ code: 200, msg: 'ok', data: { ...SAS, sasToken: tokens.shift() } });
      if (path.endsWith('/speech/video/transcribe/upload')) return json({ code: 200, msg: 'ok', data: { id: 'rec-1', createTime: '2026-11-24 07:00:00', audioDuration: 61.5 } });
      return json({ code: 404, msg: 'unexpected' });
    });
    vi.stubGlobal('fetch', fake.fetch);
    const storage = fakeStorage();
    const stage = storage.seam.stageBlock;
    // What @azure/storage-blob throws for Azure's 403: not an API answer, so the machine's own message.
    storage.seam.stageBlock = async (...args) => {
      if (storage.targets.at(-1)!.sasToken.includes('sig=old')) throw Object.assign(new Error('Server failed to authenticate the request.'), { name: 'RestError', statusCode: 403, code: 'AuthenticationFailed' });
      return stage(...args);
    };
    const actor = fileActor(video('talk.mp4', 6 * MB), storage);
    actor.send({ type: 'file.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ errorKey: UPLOAD_FAILED_KEY, record: null });
    expect(storage.staged.size).toBe(0);
    expect(fake.requests.some((request) => request.url.endsWith('/speech/video/transcribe/upload'))).toBe(false);
    actor.send({ type: 'file.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('uploaded'));
    expect(storage.targets.map((target) => target.sasToken)).toEqual(['se=2020-01-01&sp=cw&sig=old', 'se=2999-01-01&sp=cw&sig=new']);
    expect(actor.getSnapshot().context).toMatchObject({ errorKey: undefined, record: { id: 'rec-1' } });
  });

  it('a registration the server refuses (a renamed non-mp4) fails the file with the server’s translated message', async () => {
    const refusal = '格式错误：仅支持对mp4视频配音；该文件已删除';
    const fake = fakeFetch((request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/speech/blob/getBlobSasInfo')) return json({ code: 200, msg: 'ok', data: SAS });
      if (path.endsWith('/speech/video/transcribe/upload')) return json({ code: 400, msg: refusal, data: null });
      return json({ code: 404, msg: 'unexpected' });
    });
    vi.stubGlobal('fetch', fake.fetch);
    const actor = fileActor(video('setup.mp4', MB), fakeStorage());
    actor.send({ type: 'file.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ errorMessage: refusal, record: null });
    expect(actor.getSnapshot().context.percent).toBeLessThan(100);
  });

  it('attaches one .srt through /file/upload with its type, refuses other files, and deletes only after confirm', async () => {
    const server = serverAnswers();
    const actor = fileActor(video('talk.mp4', MB), fakeStorage());
    actor.send({ type: 'file.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('uploaded'));
    const srt = createActor(dubSrtMachine, { input: { fileId: 'f1' } }).start();
    srt.send({ type: 'srt.chosen', file: Object.assign(new Blob(['x']), { name: 'notes.txt' }) });
    expect(server.requests.some((request) => request.url.endsWith('/file/upload'))).toBe(false);
    srt.send({ type: 'srt.chosen', file: Object.assign(new Blob(['1\n00:00:00,000 --> 00:00:01,000\nHi\n']), { name: 'talk.srt' }) });
    srt.send({ type: 'srt.type', srtFileType: 3 });
    await waitFor(srt, (snapshot) => snapshot.context.srt !== null);
    expect(srt.getSnapshot().context).toMatchObject({ srt: { name: 'talk.srt', url: '/files/talk.srt', encoding: 'UTF-16LE' }, srtFileType: 3 });
    const upload = server.requests.find((request) => request.url.endsWith('/file/upload'))!;
    // jsdom's Blob does not survive undici's multipart encoding here: the field itself is checked.
    expect(upload.method).toBe('POST');
    expect(await upload.text()).toContain('name="file"');

    actor.send({ type: 'file.remove' });
    actor.send({ type: 'remove.cancel' });
    expect(server.requests.some((request) => request.url.endsWith('/remove'))).toBe(false);
    actor.send({ type: 'file.remove' });
    actor.send({ type: 'remove.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('deleted'));
    const removal = server.requests.find((request) => request.url.endsWith('/speech/video/transcribe/remove'))!;
    expect(await removal.json()).toEqual({ ids: ['rec-1'] });
  });
});
