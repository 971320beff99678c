// The chunked path for clients that cannot reach storage (features §7 uploadBlock): each multipart
// chunk becomes one staged block of the blob, through the same BlobStore as direct uploads; the chunk
// with end=1 commits blockIds in order. A dropped chunk leaves no block (blocks are written beside
// and renamed), and every answer lists the blocks held, so a client resumes by skipping those.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../../errors';
import { BlobError, containerOf, isSafeBlobName, type BlobStore } from '../storage/blob-store.port';
import type { MultipartPart } from '../uploads/upload-service';
import { DUB_BLOCK_MAX_BYTES } from './upload-limits';

export interface BlockChunkAnswer {
  blobName: string;
  url: string;
  /** Blocks the store holds for this blob (staged, or committed after end=1). */
  blockIds: string[];
}

const MAX_BLOCK_IDS = 50_000;

/** A parser error (no boundary, a body cut short) is the client's broken form, not a server fault. */
async function nextPart(iterator: AsyncIterator<MultipartPart>): Promise<IteratorResult<MultipartPart>> {
  try {
    return await iterator.next();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'uploads:brokenMultipart');
  }
}

function newBlobName(oriFileName: string): string {
  const base = oriFileName.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+/, '').slice(0, 80) || 'video';
  // The random prefix keeps two uploads of one name apart (features §7).
  return `${randomBytes(8).toString('hex')}-${base}.mp4`;
}

function parseIds(value: string): string[] {
  const ids = value.split(',').map((id) => id.trim()).filter(Boolean);
  if (ids.length > MAX_BLOCK_IDS || ids.some((id) => Buffer.from(id, 'base64').toString('base64') !== id || id.length > 100)) {
    throw new AppError(400, 'uploads:dubBlockIdsInvalid');
  }
  return ids;
}

export async function receiveDubChunk(
  store: BlobStore,
  input: { userId: string; publicBaseUrl: string; parts: AsyncIterable<MultipartPart> },
): Promise<BlockChunkAnswer> {
  const fields: Record<string, string> = {};
  const container = containerOf(input.userId);
  let answer: BlockChunkAnswer | null = null;
  const iterator = input.parts[Symbol.asyncIterator]();
  for (let next = await nextPart(iterator); !next.done; next = await nextPart(iterator)) {
    const part = next.value;
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (answer) throw new AppError(400, 'uploads:fileMissing');
    answer = await stageChunk(store, container, fields, part.file, input.publicBaseUrl);
  }
  if (!answer) throw new AppError(400, 'uploads:fileMissing');
  if (fields.end === '1') {
    const ids = parseIds(fields.blockIds ?? '');
    try {
      await store.commitBlockList(container, answer.blobName, ids);
    } catch (error) {
      if (error instanceof BlobError && error.code === 'InvalidBlockList') {
        // Nothing half-made stays behind: the staged blocks go with the refused list.
        await store.delete(container, answer.blobName);
        throw new AppError(400, 'uploads:dubBlocksMissing');
      }
      throw error;
    }
    // The form's fileSize is what the client meant to send: a mismatch means lost or extra bytes.
    const size = await store.size(container, answer.blobName);
    if (fields.fileSize !== undefined && size !== Number(fields.fileSize)) {
      await store.delete(container, answer.blobName);
      throw new AppError(400, 'uploads:inconsistent');
    }
    answer.blockIds = ids;
  }
  return answer;
}

async function stageChunk(store: BlobStore, container: string, fields: Record<string, string>, file: Readable, publicBaseUrl: string): Promise<BlockChunkAnswer> {
  // Fields travel before the file (FormData order), so the block's blob and id are known here.
  if (!fields.oriFileName) throw new AppError(400, 'uploads:dubFieldsFirst');
  const blobName = fields.blobName || newBlobName(fields.oriFileName);
  if (!isSafeBlobName(blobName)) throw new AppError(400, 'uploads:dubBlobNameInvalid');
  const ids = parseIds(fields.blockIds ?? '');
  const held = await store.listBlocks(container, blobName);
  // This chunk's id: the last of blockIds; without ids, the next number after the blocks held.
  const blockId = ids.at(-1) ?? Buffer.from(`chunk-${String(held.uncommitted.length).padStart(6, '0')}`).toString('base64');
  try {
    await store.putBlock(container, blobName, blockId, file, DUB_BLOCK_MAX_BYTES);
  } catch (error) {
    if (error instanceof BlobError && error.code === 'RequestBodyTooLarge') throw new AppError(400, 'uploads:dubChunkTooLarge', { limit: DUB_BLOCK_MAX_BYTES });
    if (error instanceof BlobError || error instanceof AppError) throw error;
    // The file part broke off (connection dropped, body cut short): no block was kept.
    throw new AppError(400, 'uploads:brokenMultipart');
  }
  const after = await store.listBlocks(container, blobName);
  return {
    blobName,
    url: `${store.accountUrl(publicBaseUrl)}/${container}/${blobName.split('/').map(encodeURIComponent).join('/')}`,
    blockIds: after.uncommitted.map((b) => b.name),
  };
}
