// The header rules of the embedded blob endpoint that the SDK test does not reach: x-ms-range over
// Range, malformed ranges, metadata names and size, and Put Blob's plain headers.
import { describe, expect, it } from 'vitest';
import { BlobError } from '../../domain/storage/blob-store.port';
import { checkWriteCondition, propertiesFromHeaders, readCondition, requestedRange } from './blob-http';
import type { BlobDescription } from './disk-blob-store';

const blob: BlobDescription = { size: 100, etag: '"abc"', lastModified: new Date('2026-01-02T03:04:05.678Z'), contentType: 'video/mp4', metadata: {} };

function refusal(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(BlobError);
    return `${(error as BlobError).status} ${(error as BlobError).code}`;
  }
  throw new Error('expected a refusal');
}

describe('blob HTTP headers', () => {
  it('reads x-ms-range before Range, cuts an end past the blob, refuses a start past it', () => {
    expect(requestedRange({ range: 'bytes=0-9', 'x-ms-range': 'bytes=10-19' }, 100)).toEqual({ start: 10, end: 19 });
    expect(requestedRange({ range: 'bytes=90-500' }, 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange({ range: 'bytes=5-' }, 100)).toEqual({ start: 5, end: 99 });
    expect(refusal(() => requestedRange({ 'x-ms-range': 'bytes=100-' }, 100))).toBe('416 InvalidRange');
    // A malformed Range is ignored (whole blob); a malformed x-ms-range is refused.
    expect(requestedRange({ range: 'bytes=-5' }, 100)).toBeNull();
    expect(refusal(() => requestedRange({ 'x-ms-range': 'items=1-2' }, 100))).toBe('400 InvalidHeaderValue');
  });

  it('compares Last-Modified in whole seconds, as HTTP dates carry them', () => {
    expect(readCondition({ 'if-modified-since': 'Fri, 02 Jan 2026 03:04:05 GMT' }, blob)).toBe('not-modified');
    expect(readCondition({ 'if-modified-since': 'Fri, 02 Jan 2026 03:04:04 GMT' }, blob)).toBe('read');
    expect(readCondition({ 'if-none-match': '"other", "abc"' }, blob)).toBe('not-modified');
    expect(readCondition({ 'if-modified-since': 'not a date' }, blob)).toBe('read');
    expect(refusal(() => readCondition({ 'if-match': '"other"' }, blob))).toBe('412 ConditionNotMet');
  });

  it('write conditions: If-Match needs the blob, If-None-Match * refuses to replace one', () => {
    expect(refusal(() => checkWriteCondition({ 'if-match': '*' }, null))).toBe('412 ConditionNotMet');
    expect(refusal(() => checkWriteCondition({ 'if-none-match': '*' }, blob))).toBe('409 BlobAlreadyExists');
    expect(() => checkWriteCondition({ 'if-none-match': '*' }, null)).not.toThrow();
  });

  it('takes Put Blob plain headers, Put Block List only x-ms-blob-*, and refuses bad or oversized metadata', () => {
    expect(propertiesFromHeaders({ 'content-type': 'audio/wav', 'x-ms-meta-take': '2' }, true)).toEqual({ contentType: 'audio/wav', metadata: { take: '2' } });
    expect(propertiesFromHeaders({ 'content-type': 'application/xml', 'x-ms-blob-content-type': 'video/mp4' }, false).contentType).toBe('video/mp4');
    expect(propertiesFromHeaders({ 'content-type': 'application/xml' }, false).contentType).toBe('application/octet-stream');
    expect(refusal(() => propertiesFromHeaders({ 'x-ms-meta-1bad': 'x' }, true))).toBe('400 InvalidMetadata');
    expect(refusal(() => propertiesFromHeaders({ 'x-ms-meta-big': 'x'.repeat(9000) }, true))).toBe('400 MetadataTooLarge');
  });
});
