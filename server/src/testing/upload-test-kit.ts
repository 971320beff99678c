// Test support for the upload tests: media made by ffmpeg/espeak-ng, multipart bodies in the field
// order the spec's client sends (uploadId, objectName, file, url, end, ...), and the chunk protocol
// driven through app.inject.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { RECOGNIZABLE_VOICE } from '../engines/test-audio';
import { call, type CallResult } from './inject';

export function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/** A wav of `seconds` of a tone: 48 kHz stereo 16-bit makes 192,000 bytes per second. */
export function makeToneWav(file: string, seconds: number, rate = 48_000, channels = 2): string {
  ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=${rate}:duration=${seconds}`, '-ac', String(channels), '-c:a', 'pcm_s16le', file]);
  return file;
}

export function makeSilentMp3(file: string, seconds: number): string {
  ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', String(seconds), '-c:a', 'libmp3lame', '-b:a', '8k', file]);
  return file;
}

export function makeMp4(file: string, seconds: number): string {
  ffmpeg([
    '-f', 'lavfi', '-i', `testsrc=size=160x120:rate=10:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=300:duration=${seconds}`,
    '-c:v', 'mpeg4', '-c:a', 'aac', '-shortest', file,
  ]);
  return file;
}

export function speak(file: string, text: string, voice: string = RECOGNIZABLE_VOICE.voice): string {
  const { speed, wordGapMs } = RECOGNIZABLE_VOICE;
  execFileSync('espeak-ng', ['-v', voice, '-s', String(speed), '-g', String(wordGapMs / 10), '-w', file, text]);
  return file;
}

export interface MultipartField {
  name: string;
  value: string | Buffer;
  fileName?: string;
}

export function multipartBody(fields: MultipartField[]): { body: Buffer; contentType: string } {
  const boundary = `----parley${Math.random().toString(16).slice(2)}`;
  const pieces: Buffer[] = [];
  for (const field of fields) {
    const disposition = field.fileName
      ? `form-data; name="${field.name}"; filename="${field.fileName}"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${field.name}"`;
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    pieces.push(typeof field.value === 'string' ? Buffer.from(field.value) : field.value);
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface BlockFields {
  uploadId?: string;
  objectName?: string;
  chunk: Buffer;
  url?: string;
  end: '0' | '1';
  oriFileName: string;
  fileSize: number;
  folderId?: string;
}

export function blockForm(fields: BlockFields): MultipartField[] {
  const list: MultipartField[] = [];
  if (fields.uploadId !== undefined) list.push({ name: 'uploadId', value: fields.uploadId });
  if (fields.objectName !== undefined) list.push({ name: 'objectName', value: fields.objectName });
  list.push({ name: 'file', value: fields.chunk, fileName: 'blob' });
  if (fields.url !== undefined) list.push({ name: 'url', value: fields.url });
  list.push({ name: 'end', value: fields.end });
  list.push({ name: 'oriFileName', value: fields.oriFileName });
  list.push({ name: 'fileSize', value: String(fields.fileSize) });
  if (fields.folderId !== undefined) list.push({ name: 'folderId', value: fields.folderId });
  list.push({ name: 'webkitRelativePath', value: '' });
  return list;
}

/** Posts one chunk to `url` (an address from uploadInit, or the bare uploadBlock path). */
export async function postBlock(app: FastifyInstance, token: string, url: string, fields: BlockFields, lang = 'en-US'): Promise<CallResult> {
  const { body, contentType } = multipartBody(blockForm(fields));
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': lang },
    payload: body,
  });
  const parsed = JSON.parse(response.body) as { code?: number; msg?: string; data?: unknown };
  return { status: response.statusCode, code: parsed.code, msg: parsed.msg, data: parsed.data, body: response.body };
}

export const BLOCK_PATH = '/prod-api/speech/audio/transcribe/uploadBlock';

/** The whole chunk protocol for one file; answers the end-1 call's result. */
export async function uploadChunked(app: FastifyInstance, token: string, file: string, chunkSize: number, oriFileName = path.basename(file)): Promise<CallResult> {
  const bytes = fs.readFileSync(file);
  const init = await call(app, 'POST', '/speech/audio/transcribe/uploadInit', { token, body: { oriFileName, fileSize: bytes.length, chunkSize } });
  if (init.code !== 200) return init;
  const urls = init.data.uploadUrls as string[];
  let last: CallResult = init;
  for (let i = 0; i < urls.length; i += 1) {
    last = await postBlock(app, token, urls[i]!, {
      uploadId: init.data.uploadId,
      objectName: init.data.objectName,
      chunk: bytes.subarray(i * chunkSize, (i + 1) * chunkSize),
      url: urls[i],
      end: i === urls.length - 1 ? '1' : '0',
      oriFileName,
      fileSize: bytes.length,
    });
    if (last.code !== 200) return last;
  }
  return last;
}

export async function uploadWhole(app: FastifyInstance, token: string, file: string, oriFileName = path.basename(file)): Promise<CallResult> {
  const bytes = fs.readFileSync(file);
  return postBlock(app, token, BLOCK_PATH, { chunk: bytes, end: '1', oriFileName, fileSize: bytes.length });
}

/** Files under DATA_DIR/media (staging and objects), for "nothing stored remains" checks. */
export function storedMediaFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'media');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
