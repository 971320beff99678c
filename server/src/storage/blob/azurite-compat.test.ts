// The same browser upload against Azurite through the scale-out store (AZURE_STORAGE_CONNECTION_STRING):
// getBlobSasInfo's token works for Put Block/Put Block List and is refused for reading, deleting,
// another user's container and after expiry; registering reads the blob over a read SAS (ffprobe),
// and a blob it refuses (not an mp4, no audio) is deleted from Azure storage too.
import { randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RestError } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { createUser } from '../../domain/session/users';
import { registerDubUpload } from '../../domain/dubbing/uploads-register';
import { azuriteMissing, startAzurite, type RunningAzurite } from '../../testing/azurite';
import { uniqueEmail } from '../../testing/inject';
import { startTestServer, type TestServer } from '../../testing/start-test-server';
import { containerOf } from '../../domain/storage/blob-store.port';
import { blobClient, blockIdOf, stageAndCommit } from './sdk-block-upload';

const missing = azuriteMissing();
if (missing) console.warn(missing);

async function code(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(RestError);
    return (error as RestError).code;
  }
  throw new Error('expected a refusal');
}

describe.skipIf(missing !== null)('Azure Blob Storage store against Azurite', () => {
  let azurite: RunningAzurite;
  let server: TestServer;
  const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-azurite-fixtures-'));

  beforeAll(async () => {
    azurite = await startAzurite();
    server = await startTestServer({ azureStorageConnectionString: azurite.connectionString });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await azurite?.stop();
    fs.rmSync(fixtures, { recursive: true, force: true });
  });

  it('the same block upload: 5 at a time, committed, then registered after ffprobe read it over a read SAS', async () => {
    const store = server.app.services.blobStore;
    expect(store.kind).toBe('azure');
    const user = await createUser(server.app.db, systemClock, { kind: 'email', value: uniqueEmail('azurite') }, 'secret123');
    const sas = await store.sasFor(user.id, new Date(Date.now() + 3600_000), server.url);
    expect(sas.accountUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/devstoreaccount1$/);
    expect(new URLSearchParams(sas.sasToken).get('sp')).toBe('cw');
    const file = path.join(fixtures, 'talk.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=s=64x48:r=10', '-f', 'lavfi', '-i', 'sine=f=440:r=16000', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file]);
    const video = fs.readFileSync(file);
    const size = 16 * 1024;
    await stageAndCommit(blobClient(sas, 'abcd-talk.mp4'), Math.ceil(video.length / size), (i) => video.subarray(i * size, (i + 1) * size));
    expect(await store.size(sas.containerName, 'abcd-talk.mp4')).toBe(video.length);
    const registered = await registerDubUpload(
      { db: server.app.db, clock: systemClock, store },
      { userId: user.id, url: `${sas.accountUrl}/${sas.containerName}/abcd-talk.mp4`, oriFileName: 'talk.mp4' },
    );
    expect(registered.audioDuration).toBeCloseTo(2, 0);
  });

  it('registering refuses a renamed non-mp4 and an mp4 without audio, and deletes both blobs from Azure storage', async () => {
    const store = server.app.services.blobStore;
    const user = await createUser(server.app.db, systemClock, { kind: 'email', value: uniqueEmail('azurite') }, 'secret123');
    const sas = await store.sasFor(user.id, new Date(Date.now() + 3600_000), server.url);
    const silent = path.join(fixtures, 'silent.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=s=64x48:r=10', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', silent]);
    const cases = [
      { blob: 'beef-setup.mp4', bytes: Buffer.from('MZ'.padEnd(70_000, 'x')), key: 'uploads:dubNotMp4' },
      { blob: 'cafe-silent.mp4', bytes: fs.readFileSync(silent), key: 'uploads:dubNoAudio' },
    ];
    for (const { blob, bytes } of cases) await stageAndCommit(blobClient(sas, blob), 1, () => bytes);
    expect(await store.listBlobs(sas.containerName)).toEqual(cases.map((c) => c.blob).sort());
    for (const { blob, key } of cases) {
      const refusal = registerDubUpload(
        { db: server.app.db, clock: systemClock, store },
        { userId: user.id, url: `${sas.accountUrl}/${sas.containerName}/${blob}`, oriFileName: blob.slice(5) },
      );
      await expect(refusal).rejects.toMatchObject({ messageKey: key });
    }
    expect(await store.listBlobs(sas.containerName)).toEqual([]);
    expect(await server.app.db.selectFrom('dub_files').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
  }, 30_000);

  it('refuses reading, deleting, another container, unknown blocks and an expired token as Azure does', async () => {
    const store = server.app.services.blobStore;
    const alice = randomUUID();
    const sas = await store.sasFor(alice, new Date(Date.now() + 3600_000), server.url);
    const client = blobClient(sas, 'kept.mp4');
    await stageAndCommit(client, 2, () => randomBytes(1000));
    expect(await code(client.download())).toBe('AuthorizationPermissionMismatch');
    expect(await code(client.delete())).toBe('AuthorizationPermissionMismatch');
    const bob = containerOf(randomUUID());
    // Azure answers a signature for another resource with AuthenticationFailed; Azurite with AuthorizationFailure.
    const refusedSignature = ['AuthenticationFailed', 'AuthorizationFailure'];
    expect(refusedSignature).toContain(await code(blobClient({ ...sas, containerName: bob }, 'x.mp4').stageBlock(blockIdOf(0), Buffer.from('x'), 1)));
    expect(await code(blobClient(sas, 'partial.mp4').commitBlockList([blockIdOf(9)]))).toBe('InvalidBlockList');
    const expired = await store.sasFor(alice, new Date(Date.now() - 60_000), server.url);
    expect(refusedSignature).toContain(await code(blobClient(expired, 'late.mp4').stageBlock(blockIdOf(0), Buffer.from('x'), 1)));
    expect(await store.listBlobs(sas.containerName)).toEqual(['kept.mp4']);
    await store.delete(sas.containerName, 'kept.mp4');
    expect(await store.listBlobs(sas.containerName)).toEqual([]);
  });
});
