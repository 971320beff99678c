// transwrite/upload through the route: a link to the server's own network is refused by default
// with a translated message and no request reaching it; a test (like a private deployment) that
// serves media from 127.0.0.1 turns UPLOAD_URL_ALLOW_PRIVATE on in its own config.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { issueToken } from '../domain/session/tokens';
import { createUser } from '../domain/session/users';
import { makeToneWav, storedMediaFiles } from '../testing/upload-test-kit';
import { call, ManualClock, uniqueEmail } from '../testing/inject';
import { sqliteTestConfig } from '../testing/test-config';
import { storedMediaPath } from '../testing/stored-media-path';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-link-fixtures-'));
const wav = fs.readFileSync(makeToneWav(path.join(fixtures, 'tone.wav'), 1, 16_000, 1));
let server: http.Server;
let base: string;
let requested: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    requested.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length }).end(wav);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(fixtures, { recursive: true, force: true });
});

async function appWith(allowPrivate: boolean) {
  const config = sqliteTestConfig({ uploadUrlAllowPrivate: allowPrivate });
  const clock = new ManualClock();
  const app = await buildApp(config, { clock });
  const user = await createUser(app.db, clock, { kind: 'email', value: uniqueEmail('link') }, 'secret123');
  return { app, config, userId: user.id, token: await issueToken(app.db, clock, user.id) };
}

describe('transwrite/upload', () => {
  it('UPLOAD_URL_ALLOW_PRIVATE is off unless set', () => {
    expect(loadConfig({}).uploadUrlAllowPrivate).toBe(false);
    expect(loadConfig({ UPLOAD_URL_ALLOW_PRIVATE: '1' }).uploadUrlAllowPrivate).toBe(true);
  });

  describe('by default', () => {
    let app: FastifyInstance;
    let token: string;
    let dataDir: string;
    beforeAll(async () => {
      const made = await appWith(false);
      ({ app, token } = made);
      dataDir = made.config.dataDir;
    });
    afterAll(async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('refuses a loopback link in every language without requesting it', async () => {
      requested = [];
      // en-US: a language this server recognises, so the address is what gets refused.
      const body = { url: `${base}/tone.wav`, showName: 'Tone', audioLanguage: 'en-US' };
      const en = await call(app, 'POST', '/speech/audio/transcribe/transwrite/upload', { token, body, lang: 'en-US' });
      expect(en).toMatchObject({ code: 400, msg: 'This address cannot be fetched' });
      const zh = await call(app, 'POST', '/speech/audio/transcribe/transwrite/upload', { token, body, lang: 'zh-CN' });
      expect(zh.msg).toBe('无法获取此地址');
      const tw = await call(app, 'POST', '/speech/audio/transcribe/transwrite/upload', { token, body: { ...body, url: 'http://[::ffff:127.0.0.1]/x' }, lang: 'zh-TW' });
      expect(tw.msg).toBe('無法取得此位址');
      const credentials = await call(app, 'POST', '/speech/audio/transcribe/transwrite/upload', { token, body: { ...body, url: 'http://me:pw@93.184.216.34/x' }, lang: 'en-US' });
      expect(credentials.msg).toBe('Addresses with a user name or password cannot be fetched');
      expect(requested).toEqual([]);
      expect(storedMediaFiles(dataDir)).toEqual([]);
    });
  });

  describe('with UPLOAD_URL_ALLOW_PRIVATE', () => {
    let app: FastifyInstance;
    let token: string;
    let userId: string;
    let dataDir: string;
    beforeAll(async () => {
      const made = await appWith(true);
      ({ app, token, userId } = made);
      dataDir = made.config.dataDir;
    });
    afterAll(async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('fetches the link from the local server and starts the transcription', async () => {
      requested = [];
      const answer = await call(app, 'POST', '/speech/audio/transcribe/transwrite/upload', { token, body: { url: `${base}/media/tone.wav`, showName: 'Tone', audioLanguage: 'en-US' } });
      expect(answer.code).toBe(200);
      expect(requested).toEqual(['/media/tone.wav']);
      const file = await app.db.selectFrom('media_files').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
      expect(file.ori_file_name).toBe('tone.wav');
      expect(fs.readFileSync(storedMediaPath(app, file.object_name)).equals(wav)).toBe(true);
    });
  });
});
