// POST /file/upload (features §4: one optional .srt per video). The attachment must be a .srt by
// name and by content: text in an encoding we detect (UTF-16 too) that parses as SRT (the pipeline's
// own reader, so a file accepted here is one the job can read); the answer names the encoding found.
// It is stored in the owner's container under srt/ and the answer's url is what the dub form sends as
// srtUrl; transwrite accepts only the caller's own. POST /file/srtRead checks the same, stores nothing.
import { randomBytes } from 'node:crypto';
import { DUB_SRT_MAX_BYTES } from '../../../../../src/shared/contract/dub-limits';
import { AppError } from '../../../errors';
import { containerOf, type BlobStore } from '../../storage/blob-store.port';
import { decodeSubtitle, type DecodedSubtitle } from '../../subtitles/srt-encoding';
import { DubbingError, parseSrt } from '../pipeline';
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
export function srtProblem(text: string): AppError | null {
  try {
    parseSrt(text);
    return null;
  } catch (error) {
    if (error instanceof DubbingError) return new AppError(400, error.key, { ...error.params });
    throw error;
  }
}

/** The file checked as an attachment is (name, size, content): its text and encoding, or the refusal. */
function checkedSrt(input: Pick<SrtAttachmentInput, 'fileName' | 'bytes' | 'truncated'>): DecodedSubtitle {
  if (!/\.srt$/i.test(input.fileName)) throw dubSrtNotSrt();
  if (input.truncated || input.bytes.length > DUB_SRT_MAX_BYTES) throw dubSrtTooLarge();
  const decoded = decodeSubtitle(input.bytes);
  // A binary file renamed .srt decodes to something (single-byte pages accept any byte) but keeps NULs.
  if (decoded.text.includes('\u0000')) throw dubSrtNotSrt();
  const problem = srtProblem(decoded.text);
  if (problem) throw problem;
  return decoded;
}

/** The dub editor's import: the cues of a file that would be accepted as an attachment, nothing stored. */
export function readSrtFile(input: Pick<SrtAttachmentInput, 'fileName' | 'bytes' | 'truncated'>) {
  const decoded = checkedSrt(input);
  const cues = parseSrt(decoded.text).map(({ startMs, endMs, text }) => ({ startMs, endMs, text }));
  return { encoding: decoded.encoding, cues };
}

export async function storeSrtAttachment(store: BlobStore, input: SrtAttachmentInput): Promise<{ url: string; name: string; encoding: string }> {
  const decoded = checkedSrt(input);
  const container = containerOf(input.userId);
  const blob = `srt/${randomBytes(12).toString('hex')}.srt`;
  await uploadBytesToBlob(store, container, blob, input.bytes);
  return { url: `${store.accountUrl(input.publicBaseUrl)}/${container}/${blob}`, name: input.fileName, encoding: decoded.encoding };
}
