// Test support for the dubbing task tests: a registered video (what dubbingUpload leaves: the mp4 in
// the owner's container and its dub_files row), an SRT attached through POST /file/upload, and SRT
// cues built from raw bytes (so a test can write GBK).
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { RecordsTestApp, TestUser } from './records-test-kit';
import { containerOf } from '../domain/storage/blob-store.port';
import { uploadFileToBlob } from '../domain/dubbing/tasks/blob-files';

export async function uploadedVideo(kit: RecordsTestApp, who: TestUser, video: { path: string; durationMs: number }): Promise<string> {
  const id = randomUUID();
  const blob = `${randomBytes(4).toString('hex')}-talk.mp4`;
  const store = kit.app.services.blobStore;
  await uploadFileToBlob(store, containerOf(who.user.id), blob, video.path);
  const size = (await fs.stat(video.path)).size;
  await kit.app.db
    .insertInto('dub_files')
    .values({ id, user_id: who.user.id, container: containerOf(who.user.id), blob_name: blob, ori_file_name: 'talk.mp4', size_bytes: size, duration_ms: video.durationMs, folder_id: null, created_at: kit.clock.now().toISOString() })
    .execute();
  return id;
}

/** POST /file/upload (or, with `url`, another multipart SRT call such as /file/srtRead) with one file. */
export async function attachSrt(kit: RecordsTestApp, who: TestUser, name: string, bytes: Buffer, lang = 'en-US', url = '/prod-api/file/upload') {
  const boundary = `----parley${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await kit.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${who.token}`, 'accept-language': lang, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return JSON.parse(response.body) as { code: number; msg: string; data: { url: string; name: string; encoding: string } | null };
}

export const cue = (n: number, from: string, to: string, ...rows: Buffer[]) =>
  Buffer.concat([Buffer.from(`${n}\n${from} --> ${to}\n`), ...rows.flatMap((r) => [r, Buffer.from('\n')]), Buffer.from('\n')]);
