// The embedded blob endpoint against @azure/storage-blob's BlockBlobClient in Node: the same block
// upload the browser makes, and every refusal (expired, another user's container, read, delete,
// unknown blocks) surfaced by the SDK as Azure's error code, with nothing left in storage.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestError } from '@azure/storage-blob';
import { startTestServer, type TestServer } from '../../testing/start-test-server';
import { containerOf, type SasInfo } from '../../domain/storage/blob-store.port';
import { blobClient, blockIdOf, stageAndCommit } from './sdk-block-upload';

let server: TestServer;
const alice = randomUUID();
const bob = randomUUID();

async function sasOf(userId: string, expiresInMs = 3600_000): Promise<SasInfo> {
  return server.app.services.blobStore.sasFor(userId, new Date(Date.now() + expiresInMs), `${server.url}`);
}

async function refusal(work: Promise<unknown>): Promise<{ status: number | undefined; code: string | undefined }> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(RestError);
    return { status: (error as RestError).statusCode, code: (error as RestError).code };
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('embedded blob endpoint with @azure/storage-blob', () => {
  it('stages blocks 5 at a time, commits them, and the committed blob is the bytes sent in order', async () => {
    const sas = await sasOf(alice);
    expect(sas.containerName).toBe(containerOf(alice));
    expect(new URLSearchParams(sas.sasToken).get('sp')).toBe('cw');
    const blocks = Array.from({ length: 12 }, () => randomBytes(64 * 1024 + 17));
    await stageAndCommit(blobClient(sas, 'abc123-video.mp4'), blocks.length, (i) => blocks[i]!);
    const store = server.app.services.blobStore;
    expect(await store.size(sas.containerName, 'abc123-video.mp4')).toBe(blocks.reduce((s, b) => s + b.length, 0));
    const read: Buffer[] = [];
    for await (const chunk of await store.readStream(sas.containerName, 'abc123-video.mp4')) read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(Buffer.concat(blocks))).toBe(true);
    expect((await store.listBlocks(sas.containerName, 'abc123-video.mp4')).committed).toHaveLength(12);
    await store.delete(sas.containerName, 'abc123-video.mp4');
    expect(await store.listBlobs(sas.containerName)).toEqual([]);
  });

  it('refuses a token after its expiry (AuthenticationFailed) and keeps nothing', async () => {
    const sas = await sasOf(alice, -1000);
    const answer = await refusal(blobClient(sas, 'late.mp4').stageBlock(blockIdOf(0), Buffer.from('x'), 1));
    expect(answer).toEqual({ status: 403, code: 'AuthenticationFailed' });
    expect(await server.app.services.blobStore.listBlobs(sas.containerName)).toEqual([]);
  });

  it("refuses one user's token on another user's container", async () => {
    const mine = await sasOf(alice);
    const theirs = { ...mine, containerName: containerOf(bob) };
    const answer = await refusal(blobClient(theirs, 'intrude.mp4').stageBlock(blockIdOf(0), Buffer.from('x'), 1));
    expect(answer).toEqual({ status: 403, code: 'AuthenticationFailed' });
    expect(await server.app.services.blobStore.listBlobs(containerOf(bob))).toEqual([]);
  });

  it('refuses a tampered permission list (sp=rcwd) as a bad signature', async () => {
    const sas = await sasOf(alice);
    const params = new URLSearchParams(sas.sasToken);
    params.set('sp', 'rcwd');
    const answer = await refusal(blobClient({ ...sas, sasToken: params.toString() }, 'x.mp4').stageBlock(blockIdOf(0), Buffer.from('x'), 1));
    expect(answer).toEqual({ status: 403, code: 'AuthenticationFailed' });
  });

  it('refuses reading, listing blocks and deleting with the write-only token', async () => {
    const sas = await sasOf(alice);
    const client = blobClient(sas, 'kept.mp4');
    await stageAndCommit(client, 2, (i) => Buffer.alloc(1000, i));
    expect(await refusal(client.download())).toEqual({ status: 403, code: 'AuthorizationPermissionMismatch' });
    expect(await refusal(client.getBlockList('all'))).toEqual({ status: 403, code: 'AuthorizationPermissionMismatch' });
    expect(await refusal(client.delete())).toEqual({ status: 403, code: 'AuthorizationPermissionMismatch' });
    // The refused calls changed nothing: the one blob, whole.
    expect(await server.app.services.blobStore.listBlobs(sas.containerName)).toEqual(['kept.mp4']);
    expect(await server.app.services.blobStore.size(sas.containerName, 'kept.mp4')).toBe(2000);
    await server.app.services.blobStore.delete(sas.containerName, 'kept.mp4');
    expect(await server.app.services.blobStore.listBlobs(sas.containerName)).toEqual([]);
  });

  it('refuses a Put Block List naming blocks never sent, commits nothing and drops the staged blocks', async () => {
    const sas = await sasOf(alice);
    const client = blobClient(sas, 'partial.mp4');
    await client.stageBlock(blockIdOf(0), Buffer.alloc(10, 1), 10);
    const store = server.app.services.blobStore;
    expect(await store.listBlobs(sas.containerName)).toEqual(['partial.mp4']);
    const answer = await refusal(client.commitBlockList([blockIdOf(0), blockIdOf(1)]));
    expect(answer).toEqual({ status: 400, code: 'InvalidBlockList' });
    expect(await store.size(sas.containerName, 'partial.mp4')).toBeNull();
    // The server never hears of a refusal made to the browser: storage itself keeps nothing of it.
    expect(await store.listBlobs(sas.containerName)).toEqual([]);
  });

  it('a refused Put Block List over a committed blob keeps that blob as it was and drops the new staged blocks', async () => {
    const sas = await sasOf(alice);
    const client = blobClient(sas, 'kept-whole.mp4');
    await stageAndCommit(client, 2, (i) => Buffer.alloc(100, i));
    await client.stageBlock(blockIdOf(5), Buffer.alloc(10, 5), 10);
    expect(await refusal(client.commitBlockList([blockIdOf(5), blockIdOf(8)]))).toEqual({ status: 400, code: 'InvalidBlockList' });
    const store = server.app.services.blobStore;
    expect(await store.listBlocks(sas.containerName, 'kept-whole.mp4')).toEqual({
      committed: [blockIdOf(0), blockIdOf(1)].map((name) => ({ name, size: 100 })),
      uncommitted: [],
    });
    await store.delete(sas.containerName, 'kept-whole.mp4');
    expect(await store.listBlobs(sas.containerName)).toEqual([]);
  });

  it('a dropped upload resumes: blocks already staged are skipped, the rest sent, the whole committed', async () => {
    const sas = await sasOf(alice);
    const client = blobClient(sas, 'resumed.mp4');
    const blocks = Array.from({ length: 10 }, (_, i) => Buffer.alloc(5000, i));
    // First connection: half the blocks, then it drops before the block list.
    await stageAndCommit(client, 5, (i) => blocks[i]!, { commit: false });
    const store = server.app.services.blobStore;
    const staged = await store.listBlocks(sas.containerName, 'resumed.mp4');
    expect(staged.uncommitted.map((b) => b.name).sort()).toEqual([0, 1, 2, 3, 4].map(blockIdOf).sort());
    let sent = 0;
    const counting = (i: number) => {
      sent += 1;
      return blocks[i]!;
    };
    await stageAndCommit(client, 10, counting, { skip: new Set(staged.uncommitted.map((b) => b.name)) });
    expect(sent).toBe(5);
    expect(await store.size(sas.containerName, 'resumed.mp4')).toBe(50_000);
    await store.delete(sas.containerName, 'resumed.mp4');
  });
});
