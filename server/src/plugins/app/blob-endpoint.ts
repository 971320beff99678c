// The embedded blob endpoint (features §7 Direct storage upload): Parley answers the Azure Blob
// block protocol subset at <base>/blob/parley/<container>/<blob> so the browser's @azure/storage-blob
// code works unchanged against it or against Azure. Every call carries a service SAS, verified as
// Azure does; errors answer Azure's XML shape and x-ms-error-code so the SDK surfaces them. Reads answer
// as Get Blob does (ETag, Last-Modified, Range/x-ms-range with 206, the kept content type and x-ms-meta-*
// metadata, conditional headers), so the SDK's download, getProperties and exists work (issue 30).
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BlobError } from '../../domain/storage/blob-store.port';
import { blockListXml, errorXml, listBlobsXml, parseBlockListXml, type ListedBlob } from '../../storage/blob/block-list-xml';
import { blobHeaders, checkWriteCondition, propertiesFromHeaders, readCondition, requestedRange } from '../../storage/blob/blob-http';
import { DiskBlobStore, EMBEDDED_ACCOUNT, EMBEDDED_BLOB_PATH } from '../../storage/blob/disk-blob-store';
import { verifyServiceSas } from '../../storage/blob/service-sas';
import { DUB_BLOCK_MAX_BYTES, DUB_FILE_MAX_BYTES } from '../../domain/dubbing/upload-limits';

const BLOCK_LIST_MAX_BYTES = 8 << 20;
/** List Blobs' default and largest page (Azure's). */
const LIST_MAX_RESULTS = 5000;
const SERVICE_VERSION = '2020-12-06';

interface Target {
  container: string;
  blob: string | null;
  query: URLSearchParams;
}

function targetOf(url: string): Target {
  const [pathPart = '', queryPart = ''] = url.split('?', 2);
  const rest = pathPart.slice(EMBEDDED_BLOB_PATH.length + 1).split('/');
  if (rest[0] !== EMBEDDED_ACCOUNT) throw new BlobError(400, 'InvalidUri', 'The requested URI does not represent any resource on the server.');
  const container = decodeURIComponent(rest[1] ?? '');
  const blob = rest.length > 2 ? rest.slice(2).map(decodeURIComponent).join('/') : null;
  if (!container) throw new BlobError(400, 'InvalidUri', 'The requested URI does not represent any resource on the server.');
  return { container, blob: blob || null, query: new URLSearchParams(queryPart) };
}

/** The permission an operation needs (Azure's SAS permission table), or null when it is not served. */
function permissionFor(method: string, target: Target): string | null {
  const comp = target.query.get('comp');
  if (!target.blob) return method === 'GET' && comp === 'list' ? 'l' : null;
  if (method === 'PUT' && (comp === 'block' || comp === 'blocklist')) return 'w';
  if (method === 'PUT' && comp === null) return 'c';
  if ((method === 'GET' || method === 'HEAD') && (comp === null || comp === 'blocklist')) return 'r';
  if (method === 'DELETE' && comp === null) return 'd';
  return null;
}

async function readText(request: FastifyRequest, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BlobError(413, 'RequestBodyTooLarge', 'The request body is too large and exceeds the maximum permissible limit.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function validBlockId(id: string | null): string {
  const decoded = id ? Buffer.from(id, 'base64') : Buffer.alloc(0);
  if (!id || decoded.length === 0 || decoded.length > 64 || decoded.toString('base64') !== id) {
    throw new BlobError(400, 'InvalidQueryParameterValue', 'Value for one of the query parameters specified in the request URI is invalid.');
  }
  return id;
}

/** Answers a committed write as Azure does: 201 with the new ETag and Last-Modified. */
async function committed(store: DiskBlobStore, target: Target, reply: FastifyReply) {
  const blob = await store.describe(target.container, target.blob!);
  if (blob) void reply.header('etag', blob.etag).header('last-modified', blob.lastModified.toUTCString());
  return reply.code(201).header('x-ms-request-server-encrypted', 'false').send();
}

/** Get Blob (GET) and Get Blob Properties (HEAD). */
async function readBlob(store: DiskBlobStore, target: Target, request: FastifyRequest, reply: FastifyReply) {
  const blob = await store.describe(target.container, target.blob!);
  if (!blob) throw new BlobError(404, 'BlobNotFound', 'The specified blob does not exist.');
  // Both checks may refuse the read, so they come before any header of the blob is set.
  const condition = readCondition(request.headers, blob);
  // Get Blob Properties ignores a range; Get Blob answers the span with 206.
  const range = request.method === 'GET' && condition === 'read' ? requestedRange(request.headers, blob.size) : null;
  void reply.headers(blobHeaders(blob));
  if (condition === 'not-modified') return reply.code(304).header('x-ms-error-code', 'ConditionNotMet').send();
  if (!range) {
    void reply.header('content-length', blob.size);
    return request.method === 'HEAD' ? reply.send() : reply.send(await store.readStream(target.container, target.blob!));
  }
  void reply.code(206).header('content-length', range.end - range.start + 1).header('content-range', `bytes ${range.start}-${range.end}/${blob.size}`);
  return reply.send(await store.readStream(target.container, target.blob!, range));
}

/** List Blobs (flat): committed blobs by name, with prefix, marker and maxresults as Azure takes them. */
async function listBlobs(store: DiskBlobStore, target: Target, request: FastifyRequest, reply: FastifyReply) {
  if (target.query.get('restype') !== 'container') throw new BlobError(400, 'InvalidQueryParameterValue', 'Value for one of the query parameters specified in the request URI is invalid.');
  const prefix = target.query.get('prefix') ?? '';
  const marker = target.query.get('marker') ?? '';
  const asked = Number(target.query.get('maxresults') ?? LIST_MAX_RESULTS);
  if (!Number.isInteger(asked) || asked < 1) throw new BlobError(400, 'OutOfRangeQueryParameterValue', 'One of the query parameters specified in the request URI is outside the permissible range.');
  const maxResults = Math.min(asked, LIST_MAX_RESULTS);
  const withMetadata = (target.query.get('include') ?? '').split(',').includes('metadata');
  const blobs: ListedBlob[] = [];
  let nextMarker = '';
  for (const name of await store.listBlobs(target.container)) {
    if (!name.startsWith(prefix) || (marker && name < marker)) continue;
    const blob = await store.describe(target.container, name);
    if (!blob) continue; // staged blocks only: not a blob yet
    if (blobs.length === maxResults) {
      nextMarker = name;
      break;
    }
    blobs.push({ ...blob, name, metadata: withMetadata ? blob.metadata : undefined });
  }
  const serviceEndpoint = `${request.protocol}://${request.host}${EMBEDDED_BLOB_PATH}/${EMBEDDED_ACCOUNT}/`;
  return reply.type('application/xml').send(listBlobsXml({ serviceEndpoint, container: target.container, prefix, marker, maxResults, blobs, nextMarker }));
}

export default fp(
  async (app) => {
    const configured = app.services.blobStore;
    if (!(configured instanceof DiskBlobStore)) return;
    const store: DiskBlobStore = configured;

    await app.register(async (scope) => {
      // Bodies are block bytes or block-list XML: none is parsed up front, each operation streams it.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

      async function handle(request: FastifyRequest, reply: FastifyReply) {
        const requestId = randomUUID();
        void reply.header('x-ms-request-id', requestId).header('x-ms-version', SERVICE_VERSION).header('cache-control', 'no-store');
        try {
          const target = targetOf(request.url);
          const permission = permissionFor(request.method, target);
          if (!permission) throw new BlobError(400, 'UnsupportedHttpVerb', 'The resource doesn\'t support the specified HTTP verb or operation.');
          verifyServiceSas(target.query, {
            account: EMBEDDED_ACCOUNT,
            accountKey: await store.accountKey(),
            container: target.container,
            blob: target.blob,
            permission,
            now: app.services.clock.now(),
            secure: request.protocol === 'https',
          });
          if (!target.blob) return await listBlobs(store, target, request, reply);
          const blob = target.blob;
          const comp = target.query.get('comp');
          if (request.method === 'PUT' && comp === 'block') {
            await store.putBlock(target.container, blob, validBlockId(target.query.get('blockid')), request.raw, DUB_BLOCK_MAX_BYTES);
            return reply.code(201).header('x-ms-request-server-encrypted', 'false').send();
          }
          if (request.method === 'PUT' && comp === 'blocklist') {
            const properties = propertiesFromHeaders(request.headers, false);
            checkWriteCondition(request.headers, await store.describe(target.container, blob));
            const ids = parseBlockListXml(await readText(request, BLOCK_LIST_MAX_BYTES));
            await store.commitBlockList(target.container, blob, ids, properties);
            return await committed(store, target, reply);
          }
          if (request.method === 'PUT') {
            // Put Blob: the whole body as one block, committed at once with the properties it carries.
            const properties = propertiesFromHeaders(request.headers, true);
            checkWriteCondition(request.headers, await store.describe(target.container, blob));
            const blockId = Buffer.from(`put-blob-${randomUUID()}`).toString('base64');
            await store.putBlock(target.container, blob, blockId, request.raw, DUB_FILE_MAX_BYTES);
            await store.commitBlockList(target.container, blob, [blockId], properties);
            return await committed(store, target, reply);
          }
          if (request.method === 'GET' && comp === 'blocklist') {
            return reply.type('application/xml').send(blockListXml(await store.listBlocks(target.container, blob)));
          }
          if (request.method === 'DELETE') {
            await store.delete(target.container, blob);
            return reply.code(202).send();
          }
          return await readBlob(store, target, request, reply);
        } catch (error) {
          const known = error instanceof BlobError ? error : null;
          if (!known) request.log.error({ err: error }, 'blob endpoint failed');
          const status = known?.status ?? 500;
          const code = known?.code ?? 'InternalError';
          return reply
            .code(status)
            .header('x-ms-error-code', code)
            .type('application/xml')
            .send(request.method === 'HEAD' ? undefined : errorXml(code, `${known?.message ?? 'The server encountered an internal error.'}\nRequestId:${requestId}\nTime:${new Date().toISOString()}`));
        }
      }

      // Blob bytes (videos) go as stored: octet-stream counts as compressible to @fastify/compress.
      scope.route({ method: ['GET', 'HEAD', 'PUT', 'DELETE', 'POST'], url: `${EMBEDDED_BLOB_PATH}/*`, exposeHeadRoute: false, compress: false, handler: handle });
    });
  },
  { name: 'blob-endpoint', dependencies: ['storage'] },
);
