// Where an upload's chunks live until the upload is finished (issue 28 §1). With a shared store
// (store.sharedChunks: each chunk a block of the final object in Azure) any instance takes any
// chunk: it is first written to a side file here, checked (length, SHA-256, the client's checksum),
// then staged as its block (its id names the chunk and its SHA-256), and only then recorded as
// stored. Finishing, on whichever instance, commits in order the blocks of the recorded hashes (each
// checked staged with its size): the object is whole in the store without being read back or copied. With
// instance-local staging the chunks go into one instance's staging file: another instance refuses
// a chunk it cannot place (retryable), and finishing re-reads every chunk range against its
// recorded SHA-256, so a file with a hole (zeros) is never registered.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { UploadSessionRow } from '../../db/schema';
import type { MediaStore, SharedChunks, WrittenPart } from '../storage/media-store.port';
import * as errors from './upload-errors';
import { partSize } from './upload-sessions';

export interface StoredPart {
  size: number;
  sha256: string;
}

/** What the client said a chunk is: its SHA-256 (hex) from the X-Chunk-Sha256 header, when sent. */
export function checkClientSum(part: number, written: WrittenPart, clientSha256: string | undefined): void {
  if (clientSha256 !== undefined && clientSha256.toLowerCase() !== written.sha256) throw errors.chunkChecksum(part);
}

/**
 * A chunk for the shared store: written to a side file, checked (`check` throws for a bad one and
 * forgets the old row of a good one), then staged as its block of the session's object, every
 * time: a re-send of the same bytes re-stages the same block. Answers what was written.
 */
export async function writeSharedChunk(
  store: MediaStore,
  shared: SharedChunks,
  session: UploadSessionRow,
  part: number,
  write: (sideId: string) => Promise<WrittenPart>,
  check: (written: WrittenPart) => Promise<void>,
): Promise<WrittenPart> {
  const side = `${session.id}.chunk-${part}-${randomUUID()}`;
  await store.openStaging(side);
  try {
    const written = await write(side);
    await check(written);
    await shared.stage(session.id, session.object_name, part, written.sha256, store.stagingPath(side));
    return written;
  } finally {
    await store.discardStaging(side);
  }
}

/** True when this instance holds the session's staging file (instance-local staging only). */
export async function holdsStaging(store: MediaStore, uploadId: string): Promise<boolean> {
  return fsp.access(store.stagingPath(uploadId)).then(
    () => true,
    () => false,
  );
}

async function sha256Of(source: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of source) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Checks every chunk recorded for the session against what it must be (its size, a SHA-256) and
 * commits the staged blocks in order into the session's object. Answers the chunks not recorded or
 * not staged as recorded (nothing is committed then, so all of them can be asked for at once), or
 * none once the object is whole.
 */
export async function commitSharedChunks(shared: SharedChunks, session: UploadSessionRow, parts: Map<number, StoredPart>): Promise<number[]> {
  const sizes = Array.from({ length: session.chunk_count }, (_, i) => partSize(session, i + 1));
  const unrecorded = sizes.flatMap((size, i) => {
    const recorded = parts.get(i + 1);
    return recorded?.size === size && /^[0-9a-f]{64}$/.test(recorded.sha256) ? [] : [i + 1];
  });
  if (unrecorded.length > 0) return unrecorded;
  return shared.commit(session.id, session.object_name, sizes.map((size, i) => ({ size, sha256: parts.get(i + 1)!.sha256 })));
}

/**
 * Checks every chunk of this instance's staging file `session.id` against the SHA-256 recorded for it
 * (instance-local staging). Answers the first chunk that does not match (or cannot be read), if any.
 */
export async function checkLocalChunks(store: MediaStore, session: UploadSessionRow, parts: Map<number, StoredPart>): Promise<number[]> {
  if (!(await holdsStaging(store, session.id))) throw errors.chunkElsewhere(session.chunk_count);
  for (let part = 1; part <= session.chunk_count; part += 1) {
    const recorded = parts.get(part);
    const size = partSize(session, part);
    const offset = (part - 1) * session.chunk_size;
    let sha256: string;
    try {
      sha256 = await sha256Of(fs.createReadStream(store.stagingPath(session.id), { start: offset, end: offset + size - 1 }));
    } catch {
      return [part];
    }
    if (!recorded || recorded.sha256 !== sha256) return [part];
  }
  return [];
}

/** Copies a checked side file over a chunk's range of the local staging file. */
export async function overwriteRange(store: MediaStore, uploadId: string, offset: number, sideId: string, maxBytes: number): Promise<void> {
  await store.openStaging(uploadId);
  await store.writeAt(uploadId, offset, fs.createReadStream(store.stagingPath(sideId)), maxBytes);
}
