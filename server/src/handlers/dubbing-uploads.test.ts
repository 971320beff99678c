// Dub upload through the API (issue 12 §2): getBlobSasInfo → @azure/storage-blob block upload to the
// embedded endpoint → /speech/video/transcribe/upload registers the video after ffprobe's checks.
// Bad input (a renamed non-mp4, an mp4 without audio, a 4 h 0 min 1 s video, another user's blob,
// a block list naming blocks never sent) is refused with the translated message and nothing is left
// in storage or in dub_files. The chunked path resumes after a dropped chunk.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf, type SasInfo } from '../domain/storage/blob-store.port';
import { blobClient, blockIdOf, stageAndCommit } from '../storage/blob/sdk-block-upload';
import { startTestServer, type TestServer } from '../testing/start-test-server';
import { createTestUsers } from '../testing/test-users';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-dub-upload-'));
function ffmpeg(name: string, args: string[]): Buffer {
  const file = path.join(fixtures, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, file]);
  return fs.readFileSync(file);
}

let server: TestServer;
const users: Record<'alice' | 'bob', { id: string; token: string }> = {} as never;
let video: Buffer;
let silentVideo: Buffer;
let longVideo: Buffer;

async function api(method: 'GET' | 'POST', route: string, who: keyof typeof users, body?: unknown, lang = 'en-US') {
  const response = await fetch(`${server.url}/prod-api${route}`, {
    method,
    headers: { authorization: `Bearer ${users[who].token}`, 'accept-language': lang, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as { code: number; msg: string; data: any };
}

async function sasOf(who: keyof typeof users): Promise<SasInfo> {
  const answer = await api('GET', '/speech/blob/getBlobSasInfo', who);
  expect(answer.code).toBe(200);
  return answer.data as SasInfo;
}

/** The browser's upload: 5 blocks at a time, then the block list; answers the blob's address. */
async function upload(who: keyof typeof users, name: string, bytes: Buffer, blockSize = 64 * 1024): Promise<string> {
  const sas = await sasOf(who);
  const blocks = Math.ceil(bytes.length / blockSize);
  await stageAndCommit(blobClient(sas, name), blocks, (i) => bytes.subarray(i * blockSize, (i + 1) * blockSize));
  return `${sas.accountUrl}/${sas.containerName}/${name}`;
}

const blobsOf = (who: keyof typeof users) => server.app.services.blobStore.listBlobs(containerOf(users[who].id));
const rowsOf = (who: keyof typeof users) => server.app.db.selectFrom('dub_files').selectAll().where('user_id', '=', users[who].id).execute();

beforeAll(async () => {
  video = ffmpeg('talk.mp4', ['-f', 'lavfi', '-i', 'testsrc=s=64x48:r=10', '-f', 'lavfi', '-i', 'sine=f=440:r=16000', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest']);
  silentVideo = ffmpeg('silent.mp4', ['-f', 'lavfi', '-i', 'testsrc=s=64x48:r=10', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast']);
  // 4 h 0 min 1 s made cheaply: 16×16 black at 1 frame/s and 8 kHz silence (about 1 MB, a few seconds).
  longVideo = ffmpeg('long.mp4', ['-f', 'lavfi', '-i', 'color=c=black:s=16x16:r=1', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '14401', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '8k']);
  server = await startTestServer();
  Object.assign(users, await createTestUsers(server.app.db, ['alice', 'bob'] as const));
}, 60_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(fixtures, { recursive: true, force: true });
});

describe('dubbing upload', () => {
  it('getBlobSasInfo answers a write-only token on the caller’s own container, expiring within the hour', async () => {
    const sas = await sasOf('alice');
    expect(sas.containerName).toBe(containerOf(users.alice.id));
    expect(sas.accountUrl).toBe(`${server.url}/blob/parley`);
    const params = new URLSearchParams(sas.sasToken);
    expect(params.get('sp')).toBe('cw');
    expect(params.get('sr')).toBe('c');
    const expiresIn = Date.parse(params.get('se')!) - Date.now();
    expect(expiresIn).toBeGreaterThan(50 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
  });

  it('registers a real mp4 uploaded in blocks: id, createTime, audioDuration, and a dub_files row', async () => {
    const url = await upload('alice', '1a2b3c-talk.mp4', video, 16 * 1024);
    const answer = await api('POST', '/speech/video/transcribe/upload', 'alice', { url, oriFileName: 'talk.mp4' });
    expect(answer.code).toBe(200);
    expect(answer.data.audioDuration).toBeCloseTo(2, 0);
    const rows = await rowsOf('alice');
    expect(rows.map((r) => [r.id, r.blob_name, r.ori_file_name, Number(r.size_bytes)])).toContainEqual([answer.data.id, '1a2b3c-talk.mp4', 'talk.mp4', video.length]);
    // Registering the same blob again answers the same file.
    const again = await api('POST', '/speech/video/transcribe/upload', 'alice', { url, oriFileName: 'talk.mp4' });
    expect(again.data.id).toBe(answer.data.id);
  });

  it('a burst of parallel registrations of one blob answers one file and keeps one row', async () => {
    const url = await upload('alice', 'burst-talk.mp4', video);
    const answers = await Promise.all(Array.from({ length: 6 }, () => api('POST', '/speech/video/transcribe/upload', 'alice', { url, oriFileName: 'talk.mp4' })));
    expect(answers.map((a) => a.code)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect((await rowsOf('alice')).filter((r) => r.blob_name === 'burst-talk.mp4')).toHaveLength(1);
  }, 30_000);

  it("refuses another user's blob address and leaves it alone", async () => {
    const url = await upload('bob', 'bob-video.mp4', video);
    const answer = await api('POST', '/speech/video/transcribe/upload', 'alice', { url, oriFileName: 'talk.mp4' });
    expect(answer.code).toBe(403);
    expect(answer.msg).toBe('This address is not one of your uploads');
    expect(await blobsOf('bob')).toContain('bob-video.mp4');
    expect(await rowsOf('bob')).toHaveLength(0);
  });

  for (const [label, bytes, name, zh] of [
    ['a renamed non-mp4', () => Buffer.from('MZ'.padEnd(70_000, 'x')), 'setup.mp4', '格式错误：仅支持对mp4视频配音；该文件已删除'],
    ['an mp4 without audio', () => silentVideo, 'silent.mp4', '该视频没有可配音的音轨；该文件已删除'],
    ['a 4 h 0 min 1 s video', () => longVideo, 'long.mp4', '单个文件不能超过5 GB，时长不能超过4小时；该文件已删除'],
  ] as const) {
    it(`refuses ${label} with the translated message and deletes the blob`, async () => {
      const before = (await rowsOf('alice')).length;
      const blobsBefore = await blobsOf('alice');
      const url = await upload('alice', `f00d-${name}`, bytes());
      expect(await blobsOf('alice')).toContain(`f00d-${name}`);
      const answer = await api('POST', '/speech/video/transcribe/upload', 'alice', { url, oriFileName: name }, 'zh-CN');
      expect(answer.code).toBe(400);
      expect(answer.msg).toBe(zh);
      // Storage is exactly as it was before the upload: the refused blob and its blocks are gone.
      expect(await blobsOf('alice')).toEqual(blobsBefore);
      expect(await rowsOf('alice')).toHaveLength(before);
    }, 30_000);
  }
});

/** One chunk of the chunked path as a browser FormData would send it (fields first). */
function chunkForm(fields: Record<string, string>, bytes: Buffer): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'blob');
  return form;
}

async function sendChunk(fields: Record<string, string>, bytes: Buffer, lang = 'en-US') {
  const response = await fetch(`${server.url}/prod-api/speech/video/transcribe/uploadBlock`, {
    method: 'POST',
    headers: { authorization: `Bearer ${users.alice.token}`, 'accept-language': lang },
    body: chunkForm(fields, bytes),
  });
  return (await response.json()) as { code: number; msg: string; data: any };
}

/** Sends half of a chunk's body and drops the connection. */
async function dropMidChunk(fields: Record<string, string>, bytes: Buffer): Promise<void> {
  const request = new Request('http://x', { method: 'POST', body: chunkForm(fields, bytes) });
  const body = Buffer.from(await request.arrayBuffer());
  const port = new URL(server.url).port;
  await new Promise<void>((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/prod-api/speech/video/transcribe/uploadBlock', headers: { authorization: `Bearer ${users.alice.token}`, 'content-type': request.headers.get('content-type')!, 'content-length': body.length } });
    req.on('error', () => resolve());
    req.write(body.subarray(0, Math.floor(body.length * 0.6)), () => setTimeout(() => {
      req.destroy();
      resolve();
    }, 100));
  });
  await new Promise((r) => setTimeout(r, 200));
}

describe('chunked upload (uploadBlock)', () => {
  it('resumes after a dropped chunk: the answer lists the blocks held, the rest is sent, the video registers', async () => {
    const size = Math.ceil(video.length / 6);
    const chunk = (i: number) => video.subarray(i * size, (i + 1) * size);
    const ids = Array.from({ length: 6 }, (_, i) => blockIdOf(i));
    const fields = (i: number, blobName?: string) => ({ oriFileName: 'talk.mp4', fileSize: String(video.length), end: i === 5 ? '1' : '0', blockIds: ids.slice(0, i + 1).join(','), ...(blobName ? { blobName } : {}) });
    const first = await sendChunk(fields(0), chunk(0));
    expect(first.code).toBe(200);
    const blobName = first.data.blobName as string;
    expect(blobName).toMatch(/^[0-9a-f]{16}-talk\.mp4$/);
    for (const i of [1, 2]) expect((await sendChunk(fields(i, blobName), chunk(i))).code).toBe(200);
    await dropMidChunk(fields(3, blobName), chunk(3));
    const held = await server.app.services.blobStore.listBlocks(containerOf(users.alice.id), blobName);
    expect(held.uncommitted.map((b) => b.name).sort()).toEqual(ids.slice(0, 3).sort());
    let answer = await sendChunk(fields(3, blobName), chunk(3));
    expect([...answer.data.blockIds].sort()).toEqual(ids.slice(0, 4).sort());
    for (const i of [4, 5]) answer = await sendChunk(fields(i, blobName), chunk(i));
    expect(answer.code).toBe(200);
    expect(answer.data.blockIds).toEqual(ids);
    const registered = await api('POST', '/speech/video/transcribe/upload', 'alice', { url: answer.data.url, oriFileName: 'talk.mp4' });
    expect(registered.code).toBe(200);
    expect(registered.data.audioDuration).toBeCloseTo(2, 0);
  });

  it('refuses a final block list naming blocks never sent and keeps nothing of the upload', async () => {
    const sent = await sendChunk({ oriFileName: 'x.mp4', fileSize: '10', end: '0', blockIds: blockIdOf(0) }, Buffer.alloc(10, 1));
    const blobName = sent.data.blobName as string;
    const answer = await sendChunk({ oriFileName: 'x.mp4', fileSize: '20', end: '1', blobName, blockIds: [blockIdOf(0), blockIdOf(7), blockIdOf(1)].join(',') }, Buffer.alloc(10, 2));
    expect(answer.code).toBe(400);
    expect(answer.msg).toBe('Some blocks of the list were never sent; the upload has been discarded, start it again');
    expect(await blobsOf('alice')).not.toContain(blobName);
    const zh = await sendChunk({ oriFileName: 'x.mp4', fileSize: '10', end: '1', blockIds: [blockIdOf(0), blockIdOf(3)].join(',') }, Buffer.alloc(10, 2), 'zh-CN');
    expect(zh.msg).toBe('列表中有分块从未发送；本次上传已丢弃，请重新开始');
    expect((await blobsOf('alice')).filter((name) => name.endsWith('-x.mp4'))).toEqual([]);
  });

  it('refuses a final chunk whose committed size differs from fileSize and keeps nothing', async () => {
    const answer = await sendChunk({ oriFileName: 'y.mp4', fileSize: '999', end: '1', blockIds: blockIdOf(0) }, Buffer.alloc(10, 3));
    expect(answer.code).toBe(400);
    expect(answer.msg).toBe('Uploaded information is inconsistent');
    expect((await blobsOf('alice')).filter((name) => name.endsWith('-y.mp4'))).toEqual([]);
  });
});
