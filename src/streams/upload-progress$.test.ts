import { Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_RETRIES, UPLOAD_CHUNKED_FROM_BYTES } from '../shared/contract/limits';
import {
  INCONSISTENT_KEY,
  UploadProtocolError,
  chunkUpload$,
  type ChunkPart,
  type ChunkTransport,
  type UploadFileLike,
} from './upload-progress$';

// A file of any size without allocating it: slices only remember their range.
function fakeFile(size: number, name = 'talk.wav'): UploadFileLike {
  return { name, size, slice: (start = 0, end = size) => ({ size: end - start, start } as unknown as Blob) };
}

const RECORD = { id: 'r1', createTime: '2024-01-01 00:00:00', audioDuration: 12 };

function scheduler() {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('chunkUpload$', () => {
  it('sends a small file in one uploadBlock with end 1 and ends with the record', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const parts: ChunkPart[] = [];
      const transport: ChunkTransport = {
        init: () => cold('#'),
        block: (part) => {
          parts.push(part);
          return cold('--(a|)', { a: [RECORD] });
        },
      };
      expectObservable(chunkUpload$(fakeFile(1000), { transport, folderId: '1', scheduler: ts })).toBe('a-(b|)', {
        a: { type: 'progress', sentBytes: 0, totalBytes: 1000, percent: 0 },
        b: { type: 'done', record: RECORD },
      });
      ts.flush();
      expect(parts).toHaveLength(1);
      expect(parts[0]).toMatchObject({ end: '1', oriFileName: 'talk.wav', fileSize: 1000, folderId: '1' });
    });
  });

  it('sends a 25 MB file as three chunks in order after uploadInit, the last with end 1', () => {
    const ts = scheduler();
    const size = UPLOAD_CHUNKED_FROM_BYTES + 4 * 1024 * 1024;
    const urls = ['u0', 'u1', 'u2'];
    ts.run(({ cold }) => {
      const parts: ChunkPart[] = [];
      const transport: ChunkTransport = {
        init: (request) => {
          expect(request.chunkSize).toBe(UPLOAD_CHUNK_BYTES);
          return cold('-(a|)', { a: { uploadId: 'up', objectName: 'obj', uploadUrls: urls, chunkSize: UPLOAD_CHUNK_BYTES } });
        },
        block: (part) => {
          parts.push(part);
          return cold('-(a|)', { a: part.end === '1' ? [RECORD] : null });
        },
      };
      const session = (nextChunk: number) => ({
        type: 'session',
        session: { uploadId: 'up', objectName: 'obj', uploadUrls: urls, chunkSize: UPLOAD_CHUNK_BYTES, nextChunk },
      });
      const progress = (sent: number) => ({ type: 'progress', sentBytes: sent, totalBytes: size, percent: Math.floor((sent / size) * 1000) / 10 });
      // Each chunk waits one frame for its answer, so events come one frame apart, in order.
      const timeline: Array<[number, unknown]> = [];
      chunkUpload$(fakeFile(size), { transport, scheduler: ts }).subscribe((event) => timeline.push([ts.now(), event]));
      ts.flush();
      expect(timeline).toEqual([
        [1, session(0)],
        [1, progress(0)],
        [2, session(1)],
        [2, progress(UPLOAD_CHUNK_BYTES)],
        [3, session(2)],
        [3, progress(2 * UPLOAD_CHUNK_BYTES)],
        [4, { type: 'done', record: RECORD }],
      ]);
      ts.flush();
      expect(parts.map((p) => [p.url, p.end, p.uploadId, p.objectName])).toEqual([
        ['u0', '0', 'up', 'obj'],
        ['u1', '0', 'up', 'obj'],
        ['u2', '1', 'up', 'obj'],
      ]);
      expect(parts.map((p) => p.blob.size)).toEqual([UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES, size - 2 * UPLOAD_CHUNK_BYTES]);
    });
  });

  it("fails with 'Uploaded information is inconsistent' when chunk count and addresses differ", () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const transport: ChunkTransport = {
        init: () => cold('(a|)', { a: { uploadId: 'up', objectName: 'o', uploadUrls: ['only-one'], chunkSize: UPLOAD_CHUNK_BYTES } }),
        block: () => cold('#'),
      };
      expectObservable(chunkUpload$(fakeFile(UPLOAD_CHUNKED_FROM_BYTES), { transport, scheduler: ts })).toBe(
        '#',
        undefined,
        new UploadProtocolError(INCONSISTENT_KEY),
      );
    });
  });

  it('re-sends the same chunk after a dropped connection and carries on', () => {
    const ts = scheduler();
    const size = UPLOAD_CHUNKED_FROM_BYTES;
    ts.run(({ cold }) => {
      const sent: string[] = [];
      let failedOnce = false;
      const transport: ChunkTransport = {
        init: () => cold('(a|)', { a: { uploadId: 'up', objectName: 'o', uploadUrls: ['u0', 'u1'], chunkSize: UPLOAD_CHUNK_BYTES } }),
        block: (part) =>
          new Observable((subscriber) => {
            sent.push(part.url ?? '');
            if (part.url === 'u1' && !failedOnce) {
              failedOnce = true;
              subscriber.error({ kind: 'transport' });
              return;
            }
            subscriber.next(part.end === '1' ? [RECORD] : null);
            subscriber.complete();
          }),
      };
      const events: string[] = [];
      chunkUpload$(fakeFile(size), { transport, scheduler: ts, retryDelayMs: 10 }).subscribe((event) => events.push(event.type));
      ts.flush();
      expect(sent).toEqual(['u0', 'u1', 'u1']);
      expect(events.at(-1)).toBe('done');
    });
  });

  it('re-sends a chunk the server could not place (503 uploads:chunkLost / chunkElsewhere) after a growing wait, and completes', () => {
    const ts = scheduler();
    ts.run(({ cold }) => {
      const sent: Array<[string, number]> = [];
      let refusals = 0;
      const transport: ChunkTransport = {
        init: () => cold('(a|)', { a: { uploadId: 'up', objectName: 'o', uploadUrls: ['u0', 'u1'], chunkSize: UPLOAD_CHUNK_BYTES } }),
        block: (part) =>
          new Observable((subscriber) => {
            sent.push([part.url ?? '', ts.now()]);
            if (part.url === 'u1' && refusals < 2) {
              refusals += 1;
              const msgKey = refusals === 1 ? 'uploads:chunkElsewhere' : 'uploads:chunkLost';
              subscriber.error({ kind: 'business', code: 503, status: 503, msgKey });
              return;
            }
            subscriber.next(part.end === '1' ? [RECORD] : null);
            subscriber.complete();
          }),
      };
      const events: string[] = [];
      let failure: unknown = null;
      chunkUpload$(fakeFile(UPLOAD_CHUNKED_FROM_BYTES), { transport, scheduler: ts, retryDelayMs: 10 }).subscribe({
        next: (event) => events.push(event.type),
        error: (error: unknown) => (failure = error),
      });
      ts.flush();
      // The same part again each time, 10 then 20 virtual ms later; the first part is not sent twice.
      expect(sent).toEqual([
        ['u0', 0],
        ['u1', 0],
        ['u1', 10],
        ['u1', 30],
      ]);
      expect(failure).toBeNull();
      expect(events.at(-1)).toBe('done');
    });
  });

  it('gives up on a chunk still refused with 503 after the bounded retries, with the server’s error', () => {
    const ts = scheduler();
    ts.run(({ cold }) => {
      let sends = 0;
      const refusal = { kind: 'business', code: 503, status: 503, msgKey: 'uploads:chunkLost' };
      const transport: ChunkTransport = {
        init: () => cold('(a|)', { a: { uploadId: 'up', objectName: 'o', uploadUrls: ['u0', 'u1'], chunkSize: UPLOAD_CHUNK_BYTES } }),
        block: () => {
          sends += 1;
          return cold('#', undefined, refusal);
        },
      };
      let failure: unknown = null;
      chunkUpload$(fakeFile(UPLOAD_CHUNKED_FROM_BYTES), { transport, scheduler: ts, retryDelayMs: 10 }).subscribe({ error: (error: unknown) => (failure = error) });
      ts.flush();
      expect(sends).toBe(1 + UPLOAD_CHUNK_RETRIES);
      expect(failure).toEqual(refusal);
    });
  });

  it('does not retry a business refusal', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      let calls = 0;
      const transport: ChunkTransport = {
        init: () => cold('#'),
        block: () => {
          calls += 1;
          return cold('#', undefined, { kind: 'business', code: 500 });
        },
      };
      expectObservable(chunkUpload$(fakeFile(10), { transport, scheduler: ts })).toBe('(a#)', { a: expect.anything() }, { kind: 'business', code: 500 });
      ts.flush();
      expect(calls).toBe(1);
    });
  });

  it('resumes an interrupted upload at the part the server asks for next', () => {
    const ts = scheduler();
    const size = UPLOAD_CHUNKED_FROM_BYTES + 1;
    ts.run(({ cold }) => {
      const sent: string[] = [];
      const inits: unknown[] = [];
      const transport: ChunkTransport = {
        init: (request) => {
          inits.push(request);
          return cold('(a|)', { a: { uploadId: 'up', objectName: 'o', uploadUrls: ['u0', 'u1', 'u2'], chunkSize: UPLOAD_CHUNK_BYTES, nextPart: 3 } });
        },
        block: (part) => {
          sent.push(`${part.url}#${part.partNumber}`);
          return cold('(a|)', { a: part.end === '1' ? [RECORD] : null });
        },
      };
      const events: unknown[] = [];
      chunkUpload$(fakeFile(size), { transport, resumeUploadId: 'up', scheduler: ts }).subscribe((event) => events.push(event));
      ts.flush();
      expect(inits).toEqual([{ oriFileName: 'talk.wav', fileSize: size, chunkSize: UPLOAD_CHUNK_BYTES, uploadId: 'up' }]);
      expect(sent).toEqual(['u2#3']);
      expect(events[1]).toEqual({ type: 'progress', sentBytes: 2 * UPLOAD_CHUNK_BYTES, totalBytes: size, percent: 99.9 });
    });
  });

  it('stops sending when unsubscribed (cancel)', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const sent: string[] = [];
      const transport: ChunkTransport = {
        init: () => cold('(a|)', { a: { uploadId: 'up', objectName: 'o', uploadUrls: ['u0', 'u1', 'u2'], chunkSize: UPLOAD_CHUNK_BYTES } }),
        block: (part) => {
          sent.push(part.url ?? '');
          return cold('----(a|)', { a: null });
        },
      };
      expectObservable(chunkUpload$(fakeFile(UPLOAD_CHUNKED_FROM_BYTES + 5), { transport, scheduler: ts }), '^--!').toBe('(ab)', {
        a: expect.objectContaining({ type: 'session' }),
        b: expect.objectContaining({ type: 'progress', sentBytes: 0 }),
      });
      ts.flush();
      expect(sent).toEqual(['u0']);
    });
  });
});
