// The dubbing run's files in the owner's blob container: the SRT attachment read in (capped), and
// the outputs of a run named under their iteration's prefix and uploaded there.
import { DUB_SRT_MAX_BYTES } from '../../../src/shared/contract/dub-limits';
import type { DubResult } from '../domain/dubbing/pipeline';
import type { DubOutputs } from '../domain/dubbing/outputs';
import { uploadFileToBlob } from '../domain/dubbing/tasks/blob-files';
import { AppError } from '../errors';
import type { BlobStore } from '../domain/storage/blob-store.port';

async function readCapped(stream: NodeJS.ReadableStream, cap: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > cap) throw new AppError(400, 'uploads:dubSrtTooLarge', { size: `${cap / 1024 / 1024} MB` });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The form's SRT attachment, which must lie in the owner's own container. */
export async function readSrtAttachment(
  store: BlobStore,
  container: string,
  form: { srtUrl: string | null; srtFileType: 1 | 2 | 3 | null },
): Promise<{ bytes: Uint8Array; type: 1 | 2 | 3 } | undefined> {
  if (!form.srtUrl) return undefined;
  const located = store.locate(form.srtUrl);
  if (!located || located.container !== container) throw new AppError(403, 'uploads:dubSrtNotYours');
  return { bytes: await readCapped(await store.readStream(container, located.blob), DUB_SRT_MAX_BYTES), type: form.srtFileType ?? 1 };
}

/** Uploads a run's files under `prefix` and answers where each went. */
export async function uploadOutputs(store: BlobStore, container: string, prefix: string, result: DubResult): Promise<DubOutputs> {
  const outputs: DubOutputs = {
    video: `${prefix}/video.mp4`,
    dubbedAudio: `${prefix}/dubbed-audio.m4a`,
    dubbedSpeech: `${prefix}/dubbed-speech.m4a`,
    perSpeaker: result.files.perSpeaker.map((p) => ({ speaker: p.speaker, blob: `${prefix}/speaker-${p.speaker + 1}.m4a` })),
    srt: { source: `${prefix}/source.srt`, translation: `${prefix}/translation.srt`, bilingual: `${prefix}/bilingual.srt` },
  };
  const uploads: [string, string][] = [
    [outputs.video, result.files.video],
    [outputs.dubbedAudio, result.files.dubbedAudio],
    [outputs.dubbedSpeech, result.files.dubbedSpeech],
    ...result.files.perSpeaker.map((p, i): [string, string] => [outputs.perSpeaker[i]!.blob, p.path]),
    [outputs.srt.source, result.files.srt.source],
    [outputs.srt.translation, result.files.srt.translation],
    [outputs.srt.bilingual, result.files.srt.bilingual],
  ];
  for (const [blob, localPath] of uploads) await uploadFileToBlob(store, container, blob, localPath);
  return outputs;
}
