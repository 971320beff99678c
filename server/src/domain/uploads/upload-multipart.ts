// Reading an upload's multipart body: the next part (a body the parser cannot read is the client's
// error), draining the rest after a refusal, and the part number a chunk's address names.
import type { Readable } from 'node:stream';
import { AppError } from '../../errors';
import * as errors from './upload-errors';

/** One part of the multipart body as @fastify/multipart yields it (only what is used here). */
export type MultipartPart = { type: 'file'; fieldname: string; file: Readable } | { type: 'field'; fieldname: string; value: unknown };

/** The next part; a body the parser cannot read (wrong boundary, cut short) is the client's error. */
export async function nextPart(iterator: AsyncIterator<MultipartPart>): Promise<IteratorResult<MultipartPart>> {
  try {
    return await iterator.next();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw errors.brokenMultipart();
  }
}

/** Reads what is left of a multipart body so the client gets the answer, not a reset connection. */
export async function drain(iterator: AsyncIterator<MultipartPart>, current: Readable | null): Promise<void> {
  try {
    // The parser yields the next part only after this file's bytes are read.
    if (current && !current.readableEnded && !current.destroyed) current.resume();
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      if (next.value.type === 'file') next.value.file.resume();
    }
  } catch {
    // The refusal that made us drain is the answer; a broken rest of the body adds nothing.
  }
}

export function partFromUrl(url: string | undefined): number | undefined {
  if (!url) return undefined;
  const match = /[?&]partNumber=(\d+)/.exec(url);
  return match ? Number(match[1]) : undefined;
}
