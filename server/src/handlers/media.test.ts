// Playback of a record's media: owner by bearer token or cookie, share-code holder, strangers
// refused as 'not found', and HTTP Range answers (206, suffix ranges, 416).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { sqliteTestConfig } from '../testing/test-config';
import { contentTypeFor, parseRange } from './media';
import { storedMediaPath } from '../testing/stored-media-path';

describe('range parsing', () => {
  it('reads one byte range, open ends and suffixes', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-1', 100)).toBe('unsatisfiable');
    expect(parseRange('items=1-2', 100)).toBeNull();
  });

  it('names the media type by extension', () => {
    expect(contentTypeFor('talk.WAV')).toBe('audio/wav');
    expect(contentTypeFor('clip.mp4')).toBe('video/mp4');
    expect(contentTypeFor('odd.bin')).toBe('application/octet-stream');
  });
});

describe('recordsMedia on SQLite', () => {
  const kit = useRecordsTestApp({
    name: 'sqlite',
    skipReason: null,
    async create() {
      const config = sqliteTestConfig();
      return { config, cleanup: async () => fs.rmSync(config.dataDir, { recursive: true, force: true }) };
    },
  });
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

  async function seedWithMedia(owner: TestUser): Promise<string> {
    const id = await kit.seedRecord(owner);
    const objectName = `test/${id}.wav`;
    const target = storedMediaPath(kit.app, objectName);
    fs.mkdirSync(target.slice(0, target.lastIndexOf('/')), { recursive: true });
    fs.writeFileSync(target, bytes);
    await kit.app.db
      .insertInto('media_files')
      .values({
        id,
        user_id: owner.user.id,
        object_name: objectName,
        ori_file_name: 'talk.wav',
        size_bytes: bytes.length,
        duration_ms: 1000,
        format_name: 'wav',
        has_video: 0,
        folder_id: null,
        submitted_at: '2025-03-01T10:00:00.000Z',
        created_at: '2025-03-01T10:00:00.000Z',
      })
      .execute();
    return id;
  }

  const inject = (url: string, headers: Record<string, string> = {}) => kit.app.inject({ method: 'GET', url: `/prod-api${url}`, headers });

  it('streams the whole file to the owner and a byte range with 206', async () => {
    const owner = await kit.signUp();
    const id = await seedWithMedia(owner);
    const whole = await inject(`/speech/audio/transcribe/media?id=${id}`, { authorization: `Bearer ${owner.token}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await inject(`/speech/audio/transcribe/media?id=${id}`, { cookie: `Admin-Token=${owner.token}`, range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);

    const beyond = await inject(`/speech/audio/transcribe/media?id=${id}`, { cookie: `Admin-Token=${owner.token}`, range: 'bytes=5000-' });
    expect(beyond.statusCode).toBe(416);
  });

  it("answers 'not found' to a stranger and to nobody", async () => {
    const owner = await kit.signUp();
    const stranger = await kit.signUp('stranger');
    const id = await seedWithMedia(owner);
    const attempts: Array<Record<string, string>> = [{ authorization: `Bearer ${stranger.token}` }, {}];
    for (const headers of attempts) {
      const answer = await inject(`/speech/audio/transcribe/media?id=${id}`, headers);
      expect(answer.json()).toMatchObject({ code: 404 });
    }
  });

  it('lets a share-code holder play it', async () => {
    const owner = await kit.signUp();
    const id = await seedWithMedia(owner);
    const shared = await kit.post('/speech/audio/transcribe/edit', owner, { id, shareStatus: '1' });
    const code = (shared.data as { shareCode: string }).shareCode;
    const answer = await inject(`/speech/audio/transcribe/media?id=${id}&shareCode=${code}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.length).toBe(1000);
  });

  // Issue 10 §8: the shared transcript page plays through the share code only.
  describe('through a share code', () => {
    const share = async (owner: TestUser, id: string, body: Record<string, unknown> = {}) =>
      ((await kit.post('/speech/audio/transcribe/edit', owner, { id, shareStatus: '1', ...body })).data as { shareCode: string }).shareCode;

    it('serves byte ranges to the holder, and the download only when the owner allows copies', async () => {
      const owner = await kit.signUp();
      const id = await seedWithMedia(owner);
      const code = await share(owner, id);
      const part = await inject(`/speech/audio/transcribe/media?id=${id}&shareCode=${code}`, { range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 100-199/1000');
      expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

      const refused = await inject(`/speech/audio/transcribe/media?id=${id}&shareCode=${code}&download=1`);
      expect(refused.json()).toMatchObject({ code: 403 });
      await share(owner, id, { copyStatus: '1' });
      const download = await inject(`/speech/audio/transcribe/media?id=${id}&shareCode=${code}&download=1`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toContain('talk.wav');
    });

    it("never serves another record's media with a code, even the same owner's", async () => {
      const owner = await kit.signUp();
      const sharedId = await seedWithMedia(owner);
      const otherId = await seedWithMedia(owner);
      const code = await share(owner, sharedId);
      const answer = await inject(`/speech/audio/transcribe/media?id=${otherId}&shareCode=${code}`, { range: 'bytes=0-9' });
      expect(answer.statusCode).not.toBe(206);
      expect(answer.json()).toMatchObject({ code: 404 });
    });

    it('stops serving once the share is revoked or has expired', async () => {
      const owner = await kit.signUp();
      const id = await seedWithMedia(owner);
      const code = await share(owner, id);
      await kit.post('/speech/audio/transcribe/edit', owner, { id, shareStatus: '0' });
      expect((await inject(`/speech/audio/transcribe/media?id=${id}&shareCode=${code}`)).json()).toMatchObject({ code: 410 });

      const laterId = await seedWithMedia(owner);
      const expiring = await share(owner, laterId, { shareExpireTime: new Date(kit.clock.now().getTime() + 60_000).toISOString() });
      expect((await inject(`/speech/audio/transcribe/media?id=${laterId}&shareCode=${expiring}`, { range: 'bytes=0-9' })).statusCode).toBe(206);
      kit.clock.advanceSeconds(120);
      expect((await inject(`/speech/audio/transcribe/media?id=${laterId}&shareCode=${expiring}`)).json()).toMatchObject({ code: 410 });
      expect((await inject(`/speech/audio/transcribe/media?id=${laterId}`)).json()).toMatchObject({ code: 404 });
    });
  });
});
