// @vitest-environment node
// The real @azure/storage-blob BlockBlobClient (its Node build; the browser build speaks the same
// REST protocol) against a local HTTP server that checks the requests as the Blob service documents
// them: Put Block (PUT ?comp=block&blockid=…), Put Block List (PUT ?comp=blocklist, XML <BlockList>
// of <Latest> ids), Get Block List (GET ?comp=blocklist&blocklisttype=all), each carrying the SAS.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lastValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockIdOf, blockUpload$, type BlockBlobSeam } from './blob-blocks$';
import { blobUrlOf, openBlockBlob } from './block-blob-client';

const SAS = 'sv=2024-08-04&sr=c&sp=cw&se=2026-11-24T09%3A00%3A00Z&sig=c2lnbmF0dXJl';
const staged = new Map<string, number>();
let committed: string[] = [];
const seen: { method: string; comp: string | null; sig: string | null; path: string }[] = [];
let server: Server;
let accountUrl = '';

function body(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const comp = url.searchParams.get('comp');
    seen.push({ method: request.method ?? '', comp, sig: url.searchParams.get('sig'), path: decodeURIComponent(url.pathname) });
    const bytes = await body(request);
    const headers = { 'x-ms-request-id': 'r1', 'x-ms-version': '2025-01-05' };
    if (request.method === 'PUT' && comp === 'block') {
      const id = url.searchParams.get('blockid') ?? '';
      expect(Number(request.headers['content-length'])).toBe(bytes.length);
      staged.set(id, bytes.length);
      response.writeHead(201, headers).end();
    } else if (request.method === 'PUT' && comp === 'blocklist') {
      const xml = bytes.toString('utf8');
      expect(xml).toContain('<BlockList>');
      committed = [...xml.matchAll(/<Latest>([^<]+)<\/Latest>/g)].map((match) => match[1]!);
      expect(committed.every((id) => staged.has(id))).toBe(true);
      response.writeHead(201, { ...headers, etag: '"0x1"', 'last-modified': new Date().toUTCString() }).end();
    } else if (request.method === 'GET' && comp === 'blocklist') {
      const blocks = [...staged].map(([name, size]) => `<Block><Name>${name}</Name><Size>${size}</Size></Block>`).join('');
      response
        .writeHead(200, { ...headers, 'content-type': 'application/xml' })
        .end(`<?xml version="1.0" encoding="utf-8"?><BlockList><CommittedBlocks /><UncommittedBlocks>${blocks}</UncommittedBlocks></BlockList>`);
    } else response.writeHead(400, headers).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  accountUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/devstoreaccount1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The SDK's Node build sends Buffers (the browser build sends the Blob slice as it is). */
function nodeBodies(blob: BlockBlobSeam): BlockBlobSeam {
  return {
    stageBlock: async (id, body, length, options) => blob.stageBlock(id, Buffer.from(await body.arrayBuffer()) as unknown as Blob, length, options),
    commitBlockList: (ids, options) => blob.commitBlockList(ids, options),
    getBlockList: (type, options) => blob.getBlockList(type, options),
  };
}

describe('openBlockBlob with @azure/storage-blob', () => {
  it('puts each block and the block list to <container>/<random id>_<name> with the SAS, and resumes from the held blocks', async () => {
    const size = 9 * 1024 * 1024 + 5;
    const file = new Blob([new Uint8Array(size)]);
    const target = { accountUrl, containerName: 'user-7', blobName: 'a1b2_talk.mp4', sasToken: `?${SAS}` };
    const blob = nodeBodies(await openBlockBlob(target));
    await lastValueFrom(blockUpload$(file, blob));
    expect(committed).toEqual([blockIdOf(0), blockIdOf(1), blockIdOf(2)]);
    expect(committed.map((id) => staged.get(id))).toEqual([4 * 1024 * 1024, 4 * 1024 * 1024, 1024 * 1024 + 5]);
    expect(seen.every((request) => request.sig === 'c2lnbmF0dXJl' && request.path === '/devstoreaccount1/user-7/a1b2_talk.mp4')).toBe(true);
    expect(blobUrlOf(target)).toBe(`${accountUrl}/user-7/a1b2_talk.mp4`);

    seen.length = 0;
    await lastValueFrom(blockUpload$(file, nodeBodies(await openBlockBlob(target)), { resume: true }));
    // Every block was held: only the list was asked for and committed again.
    expect(seen.map((request) => `${request.method} ${request.comp}`)).toEqual(['GET blocklist', 'PUT blocklist']);
  });
});
