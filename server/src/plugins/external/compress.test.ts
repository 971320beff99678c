// Issue 27, API answers on the wire: a large JSON answer or text export goes as br or gzip when the
// client accepts it and as it is when not; small answers, media (whole or a Range), zips and blob
// bytes never get a content-encoding.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ContainerSASPermissions, generateBlobSASQueryParameters, StorageSharedKeyCredential } from '@azure/storage-blob';
import { describe, expect, it } from 'vitest';
import { useRecordsTestApp, type TestUser } from '../../testing/records-test-kit';
import { containerOf } from '../../domain/storage/blob-store.port';
import { DiskBlobStore, EMBEDDED_ACCOUNT, EMBEDDED_BLOB_PATH } from '../../storage/blob/disk-blob-store';
import { storedMediaPath } from '../../testing/stored-media-path';
import { startTestServer } from '../../testing/start-test-server';
import { sqliteTestConfig, tempDataDir } from '../../testing/test-config';
import { acceptedEncoding } from './compressed-body';

// `ws` ships no types; only the events used below are described.
type TestSocket = { on(event: string, listener: (...args: any[]) => void): void; close(): void };
const WebSocketImpl = createRequire(import.meta.url)('ws') as new (url: string, options: { headers: Record<string, string> }) => TestSocket;

function decoded(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

describe('Accept-Encoding for answers written by hand', () => {
  it('prefers br, honours q=0 and *, and answers null when neither br nor gzip is accepted', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('compression of API answers', () => {
  const kit = useRecordsTestApp({
    name: 'sqlite',
    skipReason: null,
    async create() {
      const config = sqliteTestConfig();
      return { config, cleanup: async () => fs.rmSync(config.dataDir, { recursive: true, force: true }) };
    },
  });
  const get = (url: string, who: TestUser | null, headers: Record<string, string> = {}) =>
    kit.app.inject({ method: 'GET', url: `/prod-api${url}`, headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers } });

  /** A record with enough lines that its transcript answer is tens of KB. */
  async function longRecord(owner: TestUser): Promise<string> {
    const segments = Array.from({ length: 300 }, (_, index) => ({
      startMs: index * 2000,
      endMs: index * 2000 + 1800,
      speaker: index % 2 ? 'Ann' : 'Bob',
      text: `Line ${index} of the weekly sync, where the team goes through the plan.`,
      translation: `Línea ${index} de la reunión semanal, donde el equipo repasa el plan.`,
    }));
    return kit.seedRecord(owner, { showName: 'Long sync', segments });
  }

  it('a large JSON answer goes as br or gzip when asked (decoding to the same answer), as it is when not', async () => {
    const owner = await kit.signUp();
    const id = await longRecord(owner);
    const url = `/speech/audio/transcribe/getTransResult?id=${id}`;
    const plain = await get(url, owner);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(30_000);
    expect(JSON.parse(plain.body).data.lines).toHaveLength(300);
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip']] as const) {
      const answer = await get(url, owner, { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers.vary).toContain('accept-encoding');
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(decoded(encoding, answer.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));
    }
    const identity = await get(url, owner, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('a small answer goes as it is even when compression is offered', async () => {
    const owner = await kit.signUp();
    const id = await kit.seedRecord(owner);
    const answer = await get(`/speech/audio/transcribe/getTrans?id=${id}`, owner, { 'accept-encoding': 'br, gzip' });
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('a text export (srt, vtt, txt) is compressed when asked; a docx and a zip of several records never', async () => {
    const owner = await kit.signUp();
    const first = await longRecord(owner);
    const second = await longRecord(owner);
    const exportUrl = (idStr: string, type: string) => `/speech/audio/transcribe/export?idStr=${idStr}&type=${type}&msgType=original`;
    for (const type of ['srt', 'vtt', 'txt']) {
      const plain = await get(exportUrl(first, type), owner);
      expect(plain.headers['content-encoding'], type).toBeUndefined();
      const answer = await get(exportUrl(first, type), owner, { 'accept-encoding': 'gzip, br' });
      expect(answer.headers['content-encoding'], type).toBe('br');
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(answer.headers['content-disposition']).toBe(plain.headers['content-disposition']);
      expect(decoded('br', answer.rawPayload).equals(plain.rawPayload), type).toBe(true);
    }
    for (const [idStr, type, contentType] of [
      [first, 'docx', 'wordprocessingml'],
      [`${first},${second}`, 'srt', 'application/zip'],
    ] as const) {
      const answer = await get(exportUrl(idStr, type), owner, { 'accept-encoding': 'gzip, br' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain(contentType);
      expect(answer.headers['content-encoding'], contentType).toBeUndefined();
      // The bytes are the zip container itself (docx is one), not a compressed stream of it.
      expect(answer.rawPayload.subarray(0, 4).toString('latin1'), contentType).toBe('PK\x03\x04');
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    }
  });

  it('media goes as it is, whole or as a Range', async () => {
    const owner = await kit.signUp();
    const id = await kit.seedRecord(owner);
    // A compressible body (silence), so only the rule keeps it as it is.
    const bytes = Buffer.alloc(64 * 1024);
    const objectName = `test/${id}.wav`;
    const target = storedMediaPath(kit.app, objectName);
    fs.mkdirSync(target.slice(0, target.lastIndexOf('/')), { recursive: true });
    fs.writeFileSync(target, bytes);
    await kit.app.db
      .insertInto('media_files')
      .values({ id, user_id: owner.user.id, object_name: objectName, ori_file_name: 'talk.wav', size_bytes: bytes.length, duration_ms: 1000, format_name: 'wav', has_video: 0, folder_id: null, submitted_at: '2025-03-01T10:00:00.000Z', created_at: '2025-03-01T10:00:00.000Z' })
      .execute();
    const url = `/speech/audio/transcribe/media?id=${id}`;
    const whole = await get(url, owner, { 'accept-encoding': 'gzip, deflate, br' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await get(url, owner, { 'accept-encoding': 'gzip, deflate, br', range: 'bytes=100-4195' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.length).toBe(4096);
  });

  it('blob bytes (octet-stream, which mime-db calls compressible) go as they are', async () => {
    const owner = await kit.signUp();
    const store = kit.app.services.blobStore;
    expect(store).toBeInstanceOf(DiskBlobStore);
    const container = containerOf(owner.user.id);
    const bytes = Buffer.alloc(32 * 1024, 'a');
    const blockId = Buffer.from('block-000000').toString('base64');
    await store.putBlock(container, 'clip.mp4', blockId, Readable.from([bytes]), bytes.length);
    await store.commitBlockList(container, 'clip.mp4', [blockId]);
    const credential = new StorageSharedKeyCredential(EMBEDDED_ACCOUNT, await (store as DiskBlobStore).accountKey());
    const sas = generateBlobSASQueryParameters({ containerName: container, permissions: ContainerSASPermissions.parse('r'), expiresOn: new Date(Date.now() + 3600_000) }, credential).toString();
    const answer = await kit.app.inject({ method: 'GET', url: `${EMBEDDED_BLOB_PATH}/${EMBEDDED_ACCOUNT}/${container}/clip.mp4?${sas}`, headers: { 'accept-encoding': 'gzip, br' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.rawPayload.equals(bytes)).toBe(true);
  });
});

describe('the meeting socket with compression offered', () => {
  it('upgrades as before when the browser sends Accept-Encoding: br (answering on the socket, not an HTTP body)', async () => {
    const webDir = tempDataDir();
    const server = await startTestServer({ webDir });
    try {
      const socket = new WebSocketImpl(`${server.url.replace('http', 'ws')}/prod-api/ws/meeting/123456`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const first = await new Promise<{ type: string; code: number }>((resolve, reject) => {
        socket.on('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8'))));
        socket.on('unexpected-response', (_request: unknown, response: { statusCode: number }) => reject(new Error(`HTTP ${response.statusCode}`)));
        socket.on('error', reject);
      });
      // No token: the socket opens, says why in its own message and closes.
      expect(first).toMatchObject({ type: 'error', code: 401 });
      socket.close();
    } finally {
      await server.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});
