// The real @azure/storage-blob SDK reading and writing through the embedded blob endpoint and through
// Azurite (Microsoft's emulator, the reference), the same steps on both (issue 30): uploadData with
// HTTP headers and metadata, exists, getProperties, download whole and by range, downloadToBuffer,
// the conditional headers, Put Block List with properties and List Blobs.
import { randomBytes, randomUUID } from 'node:crypto';
import { BlobServiceClient, ContainerClient, ContainerSASPermissions, RestError, StorageSharedKeyCredential, generateBlobSASQueryParameters } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { azuriteMissing, startAzurite, type RunningAzurite } from '../../testing/azurite';
import { startTestServer, type TestServer } from '../../testing/start-test-server';
import { containerOf } from '../../domain/storage/blob-store.port';
import { DiskBlobStore, EMBEDDED_ACCOUNT } from './disk-blob-store';

const missing = azuriteMissing();
if (missing) console.warn(missing);

async function refusal(work: Promise<unknown>): Promise<{ status: number | undefined; code: string | undefined }> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(RestError);
    // A HEAD answer has no body: the SDK leaves `code` empty and the code is in x-ms-error-code.
    const rest = error as RestError;
    return { status: rest.statusCode, code: rest.code ?? rest.response?.headers.get('x-ms-error-code') };
  }
  throw new Error('expected a refusal');
}

async function text(stream: NodeJS.ReadableStream | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const wholeSeconds = (date: Date | undefined) => Math.floor(date!.getTime() / 1000);

function sdkSteps(container: () => ContainerClient) {
  const bytes = randomBytes(300_000);
  const headers = {
    blobContentType: 'video/mp4',
    blobCacheControl: 'private, max-age=60',
    blobContentDisposition: 'attachment; filename="talk.mp4"',
    blobContentLanguage: 'fr',
  };
  const metadata = { project: 'parley', take: '2' };

  it('uploadData keeps the content type, HTTP headers and metadata; exists and getProperties read them back', async () => {
    const blob = container().getBlockBlobClient('talk.mp4');
    const uploaded = await blob.uploadData(bytes, { blobHTTPHeaders: headers, metadata });
    expect(uploaded.etag).toMatch(/^".+"$/);
    expect(uploaded.lastModified).toBeInstanceOf(Date);
    expect(await blob.exists()).toBe(true);
    expect(await container().getBlockBlobClient('never-sent.mp4').exists()).toBe(false);
    const properties = await blob.getProperties();
    expect(properties).toMatchObject({
      contentLength: bytes.length,
      contentType: 'video/mp4',
      cacheControl: 'private, max-age=60',
      contentDisposition: 'attachment; filename="talk.mp4"',
      contentLanguage: 'fr',
      blobType: 'BlockBlob',
      etag: uploaded.etag,
      metadata,
    });
    expect(wholeSeconds(properties.lastModified)).toBe(wholeSeconds(uploaded.lastModified));
  });

  it('download answers the bytes with ETag and properties, a range with 206 and Content-Range, downloadToBuffer whole', async () => {
    const blob = container().getBlockBlobClient('talk.mp4');
    const whole = await blob.download();
    expect(whole._response.status).toBe(200);
    expect(whole.contentType).toBe('video/mp4');
    expect(whole.metadata).toEqual(metadata);
    expect((await text(whole.readableStreamBody)).equals(bytes)).toBe(true);
    const part = await blob.download(1000, 500);
    expect(part._response.status).toBe(206);
    expect(part.contentRange).toBe(`bytes 1000-1499/${bytes.length}`);
    expect(part.contentLength).toBe(500);
    expect((await text(part.readableStreamBody)).equals(bytes.subarray(1000, 1500))).toBe(true);
    const tail = await blob.download(bytes.length - 10);
    expect((await text(tail.readableStreamBody)).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    expect((await blob.downloadToBuffer(0, undefined, { blockSize: 64 * 1024, concurrency: 3 })).equals(bytes)).toBe(true);
    expect(await refusal(blob.download(bytes.length + 10))).toEqual({ status: 416, code: 'InvalidRange' });
  });

  it('honours If-Match, If-None-Match, If-Modified-Since and If-Unmodified-Since on reads and writes', async () => {
    const blob = container().getBlockBlobClient('talk.mp4');
    const { etag, lastModified } = await blob.getProperties();
    const later = new Date(lastModified!.getTime() + 60_000);
    const earlier = new Date(lastModified!.getTime() - 60_000);
    expect((await blob.download(0, 10, { conditions: { ifMatch: etag } }))._response.status).toBe(206);
    expect((await refusal(blob.download(0, 10, { conditions: { ifNoneMatch: etag } }))).status).toBe(304);
    expect((await refusal(blob.getProperties({ conditions: { ifModifiedSince: later } }))).status).toBe(304);
    expect(await refusal(blob.download(0, 10, { conditions: { ifMatch: '"0x8D0000000000000"' } }))).toEqual({ status: 412, code: 'ConditionNotMet' });
    expect(await refusal(blob.getProperties({ conditions: { ifUnmodifiedSince: earlier } }))).toEqual({ status: 412, code: 'ConditionNotMet' });
    expect((await blob.getProperties({ conditions: { ifModifiedSince: earlier } })).etag).toBe(etag);
    expect(await refusal(blob.uploadData(Buffer.from('x'), { conditions: { ifNoneMatch: '*' } }))).toEqual({ status: 409, code: 'BlobAlreadyExists' });
    expect(await refusal(blob.uploadData(Buffer.from('x'), { conditions: { ifMatch: '"0x8D0000000000000"' } }))).toEqual({ status: 412, code: 'ConditionNotMet' });
    expect((await blob.getProperties()).contentLength).toBe(bytes.length);
  });

  it('Put Block List sets its own properties and metadata and a new ETag; List Blobs names the committed blobs', async () => {
    const blob = container().getBlockBlobClient('blocks.bin');
    const before = (await container().getBlockBlobClient('talk.mp4').getProperties()).etag;
    const ids = [0, 1].map((i) => Buffer.from(`block-${i}`).toString('base64'));
    await blob.stageBlock(ids[0]!, Buffer.alloc(10, 1), 10);
    await blob.stageBlock(ids[1]!, Buffer.alloc(20, 2), 20);
    const listedEarly = [];
    for await (const item of container().listBlobsFlat()) listedEarly.push(item.name);
    expect(listedEarly).toEqual(['talk.mp4']); // staged blocks are not a blob yet
    const done = await blob.commitBlockList(ids, { blobHTTPHeaders: { blobContentType: 'application/x-test' }, metadata: { kind: 'blocks' } });
    expect(done.etag).toBeTruthy();
    expect(done.etag).not.toBe(before);
    expect(await blob.getProperties()).toMatchObject({ contentLength: 30, contentType: 'application/x-test', metadata: { kind: 'blocks' }, etag: done.etag });
    const listed = [];
    for await (const item of container().listBlobsFlat({ includeMetadata: true })) listed.push(item);
    expect(listed.map((item) => [item.name, item.properties.contentLength, item.properties.contentType, item.metadata])).toEqual([
      ['blocks.bin', 30, 'application/x-test', { kind: 'blocks' }],
      ['talk.mp4', bytes.length, 'video/mp4', metadata],
    ]);
    const page = await container().listBlobsFlat({ prefix: 'tal' }).byPage({ maxPageSize: 1 }).next();
    expect(page.value.segment.blobItems.map((item: { name: string }) => item.name)).toEqual(['talk.mp4']);
  });
}

describe('the Azure SDK against the embedded blob endpoint', () => {
  let server: TestServer;
  let client: ContainerClient;
  beforeAll(async () => {
    server = await startTestServer();
    const store = server.app.services.blobStore as DiskBlobStore;
    const containerName = containerOf(randomUUID());
    // A container SAS with every permission the steps use (the product only ever hands out 'cw').
    const credential = new StorageSharedKeyCredential(EMBEDDED_ACCOUNT, await store.accountKey());
    const sas = generateBlobSASQueryParameters({ containerName, permissions: ContainerSASPermissions.parse('rcwdl'), expiresOn: new Date(Date.now() + 3600_000) }, credential);
    client = new ContainerClient(`${store.accountUrl(server.url)}/${containerName}?${sas.toString()}`);
  });
  afterAll(async () => {
    await server?.close();
  });
  sdkSteps(() => client);
});

describe.skipIf(missing !== null)('the Azure SDK against Azurite (the same steps)', () => {
  let azurite: RunningAzurite;
  let client: ContainerClient;
  beforeAll(async () => {
    azurite = await startAzurite();
    client = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(containerOf(randomUUID()));
    await client.create();
  }, 60_000);
  afterAll(async () => {
    await azurite?.stop();
  });
  sdkSteps(() => client);
});
