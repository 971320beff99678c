// The HTTP side of Azure Blob properties for the embedded endpoint (issue 30): which request headers set
// a blob's content type, cache control… and x-ms-meta-* metadata, the headers Get Blob answers with,
// Range / x-ms-range reads and the conditional headers (If-Match, If-None-Match, If-Modified-Since,
// If-Unmodified-Since), each with the status and error code Azure gives.
import type { IncomingHttpHeaders } from 'node:http';
import { BlobError, type ByteSpan } from '../../domain/storage/blob-store.port';
import type { BlobDescription, StoredBlobProperties } from './disk-blob-store';

const META_PREFIX = 'x-ms-meta-';
/** Azure's limit on all metadata names and values of one blob together. */
const METADATA_MAX_BYTES = 8 * 1024;

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/**
 * The properties a Put Blob or Put Block List sets. Both read x-ms-blob-content-*; Put Blob also takes the
 * plain Content-Type / Content-Encoding / Content-Language / Cache-Control of its body, as Azure does.
 */
export function propertiesFromHeaders(headers: IncomingHttpHeaders, putBlob: boolean): StoredBlobProperties {
  const pick = (name: string, plain?: string) => header(headers, `x-ms-blob-${name}`) ?? (putBlob && plain ? header(headers, plain) : undefined);
  const metadata: Record<string, string> = {};
  let metadataBytes = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith(META_PREFIX) || value === undefined) continue;
    const key = name.slice(META_PREFIX.length);
    const text = Array.isArray(value) ? value.join(',') : value;
    // Metadata names follow C# identifier rules in Azure.
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new BlobError(400, 'InvalidMetadata', 'The metadata specified is invalid. It has characters that are not permitted.');
    metadataBytes += Buffer.byteLength(key) + Buffer.byteLength(text);
    metadata[key] = text;
  }
  if (metadataBytes > METADATA_MAX_BYTES) throw new BlobError(400, 'MetadataTooLarge', 'The size of the specified metadata exceeds the maximum size permitted.');
  const kept: StoredBlobProperties = { contentType: pick('content-type', 'content-type') ?? 'application/octet-stream', metadata };
  const optional = {
    contentEncoding: pick('content-encoding', 'content-encoding'),
    contentLanguage: pick('content-language', 'content-language'),
    contentDisposition: pick('content-disposition'),
    cacheControl: pick('cache-control', 'cache-control'),
    contentMd5: pick('content-md5'),
  };
  for (const [key, value] of Object.entries(optional)) if (value) (kept as unknown as Record<string, string>)[key] = value;
  return kept;
}

/** The headers Get Blob and Get Blob Properties answer with (Content-Length and Content-Range are the caller's). */
export function blobHeaders(blob: BlobDescription): Record<string, string> {
  const answer: Record<string, string> = {
    etag: blob.etag,
    'last-modified': blob.lastModified.toUTCString(),
    'content-type': blob.contentType,
    'accept-ranges': 'bytes',
    'x-ms-blob-type': 'BlockBlob',
    'x-ms-lease-status': 'unlocked',
    'x-ms-lease-state': 'available',
    'x-ms-server-encrypted': 'false',
  };
  if (blob.contentEncoding) answer['content-encoding'] = blob.contentEncoding;
  if (blob.contentLanguage) answer['content-language'] = blob.contentLanguage;
  if (blob.contentDisposition) answer['content-disposition'] = blob.contentDisposition;
  if (blob.cacheControl) answer['cache-control'] = blob.cacheControl;
  if (blob.contentMd5) answer['content-md5'] = blob.contentMd5;
  for (const [key, value] of Object.entries(blob.metadata)) answer[`${META_PREFIX}${key}`] = value;
  return answer;
}

const etagListHas = (list: string, etag: string) => list.split(',').some((item) => item.trim() === '*' || item.trim() === etag);

/** HTTP dates carry whole seconds: Last-Modified is compared at that precision. */
function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

function dateHeader(headers: IncomingHttpHeaders, name: string): number | null {
  const text = header(headers, name);
  const time = text ? Date.parse(text) : NaN;
  return Number.isFinite(time) ? Math.floor(time / 1000) : null;
}

const conditionNotMet = () => new BlobError(412, 'ConditionNotMet', 'The condition specified using HTTP conditional header(s) is not met.');

/**
 * Get Blob / Get Blob Properties: 'not-modified' (Azure answers 304) when If-None-Match or
 * If-Modified-Since says the caller's copy is current; 412 when If-Match or If-Unmodified-Since fails.
 */
export function readCondition(headers: IncomingHttpHeaders, blob: BlobDescription): 'read' | 'not-modified' {
  const ifMatch = header(headers, 'if-match');
  if (ifMatch && !etagListHas(ifMatch, blob.etag)) throw conditionNotMet();
  const unmodifiedSince = dateHeader(headers, 'if-unmodified-since');
  if (unmodifiedSince !== null && seconds(blob.lastModified) > unmodifiedSince) throw conditionNotMet();
  const ifNoneMatch = header(headers, 'if-none-match');
  if (ifNoneMatch && etagListHas(ifNoneMatch, blob.etag)) return 'not-modified';
  const modifiedSince = dateHeader(headers, 'if-modified-since');
  if (modifiedSince !== null && seconds(blob.lastModified) <= modifiedSince) return 'not-modified';
  return 'read';
}

/** Put Blob / Put Block List: the same conditions on the blob being replaced (null: none yet). */
export function checkWriteCondition(headers: IncomingHttpHeaders, current: BlobDescription | null): void {
  const ifMatch = header(headers, 'if-match');
  if (ifMatch && (!current || !etagListHas(ifMatch, current.etag))) throw conditionNotMet();
  const ifNoneMatch = header(headers, 'if-none-match');
  if (ifNoneMatch && current && etagListHas(ifNoneMatch, current.etag)) {
    if (ifNoneMatch.trim() === '*') throw new BlobError(409, 'BlobAlreadyExists', 'The specified blob already exists.');
    throw conditionNotMet();
  }
  const modifiedSince = dateHeader(headers, 'if-modified-since');
  if (modifiedSince !== null && current && seconds(current.lastModified) <= modifiedSince) throw conditionNotMet();
  const unmodifiedSince = dateHeader(headers, 'if-unmodified-since');
  if (unmodifiedSince !== null && current && seconds(current.lastModified) > unmodifiedSince) throw conditionNotMet();
}

const RANGE = /^bytes=(\d+)-(\d*)$/;

/**
 * The byte span a read asks for: x-ms-range wins over Range (Azure). A start past the end is 416
 * InvalidRange; an end past it is cut to the last byte. A malformed x-ms-range is refused, a malformed
 * Range ignored (the whole blob), as Azure does.
 */
export function requestedRange(headers: IncomingHttpHeaders, size: number): ByteSpan | null {
  const msRange = header(headers, 'x-ms-range');
  const text = msRange ?? header(headers, 'range');
  if (!text) return null;
  const match = RANGE.exec(text.trim());
  if (!match) {
    if (msRange !== undefined) throw new BlobError(400, 'InvalidHeaderValue', 'The value for one of the HTTP headers is not in the correct format.');
    return null;
  }
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : size - 1;
  if (start >= size) throw new BlobError(416, 'InvalidRange', 'The range specified is invalid for the current size of the resource.');
  if (end < start) throw new BlobError(400, 'InvalidHeaderValue', 'The value for one of the HTTP headers is not in the correct format.');
  return { start, end: Math.min(end, size - 1) };
}
