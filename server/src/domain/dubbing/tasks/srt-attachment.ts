// POST /file/upload (features §4: one optional .srt per video). The attachment must be a .srt by
// name and by content: UTF-8 or GBK text that parses as SRT (the pipeline's own parser, so a file
// accepted here is one the job can read). It is stored in the owner's container under srt/ and the
// answer's url is what the dub form sends as srtUrl; transwrite accepts only the caller's own.
import { randomBytes } from 'node:crypto';
import { DUB_SRT_MAX_BYTES } from '../../../../../src/shared/contract/dub-limits';
import { AppError } from '../../../errors';
import { containerOf, type BlobStore } from '../../storage/blob-store.port';
import { DubbingError, decodeSubtitleBytes, parseSrt } from '../pipeline';
import { uploadBytesToBlob } from './blob-files';
import { dubSrtNotSrt, dubSrtTooLarge } from './task-errors';

export interface SrtAttachmentInput {
  userId: string;
  fileName: string;
  bytes: Buffer;
  /** The parser cut the body at the limit. */
  truncated: boolean;
  publicBaseUrl: string;
}

/** The SRT's problem as the translated refusal (the cue at fault named), or null when it parses. */
export function srtProblem(bytes: Buffer): AppError | null {
  try {
    parseSrt(decodeSubtitleBytes(bytes));
    return null;
  } catch (error) {
    if (error instanceof DubbingError) return new AppError(400, error.key, { ...error.params });
    throw error;
  }
}

export async function storeSrtAttachment(store: BlobStore, input: SrtAttachmentInput): Promise<{ url: string; name: string }> {
  if (!/\.srt$/i.test(input.fileName)) throw dubSrtNotSrt();
  if (input.truncated || input.bytes.length > DUB_SRT_MAX_BYTES) throw dubSrtTooLarge();
  // A binary file renamed .srt decodes (GBK accepts most bytes) but does not parse; NULs are refused first.
  if (input.bytes.includes(0)) throw dubSrtNotSrt();
  const problem = srtProblem(input.bytes);
  if (problem) throw problem;
  const container = containerOf(input.userId);
  const blob = `srt/${randomBytes(12).toString('hex')}.srt`;
  await uploadBytesToBlob(store, container, blob, input.bytes);
  return { url: `${store.accountUrl(input.publicBaseUrl)}/${container}/${blob}`, name: input.fileName };
}
