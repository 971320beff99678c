// A failed dub names the step that failed and carries an i18n key of the `engines` namespace (server
// messages live there) with its parameters, so the job can store the key and the record shows the
// message in the reader's locale. SRT problems name the cue (its number in the file) at fault.
export type DubStep = 'extract' | 'lines' | 'recognize' | 'diarize' | 'translate' | 'voice' | 'fit' | 'mix' | 'mux' | 'burnIn';

export type DubErrorKey =
  | 'engines:dubSrtEmpty'
  | 'engines:dubSrtTiming'
  | 'engines:dubSrtOverlap'
  | 'engines:dubSrtBeyondVideo'
  | 'engines:dubSrtMissingTranslation'
  | 'engines:dubNoAudio'
  | 'engines:dubNoSpeech'
  | 'engines:dubStepFailed';

export type DubErrorParams = { line?: number; /** The file line of an SRT problem. */ row?: number; step?: DubStep; detail?: string; durationMs?: number };

export class DubbingError extends Error {
  constructor(
    readonly key: DubErrorKey,
    readonly step: DubStep,
    readonly params: DubErrorParams = {},
    options?: { cause?: unknown },
  ) {
    super(`${key} ${JSON.stringify({ step, ...params })}`, options);
    this.name = 'DubbingError';
  }
}

/** Wraps an engine or ffmpeg failure so the message says which step of the dub it broke. */
export async function inStep<T>(step: DubStep, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DubbingError) throw error;
    if ((error as { code?: string } | null)?.code === 'aborted') throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new DubbingError('engines:dubStepFailed', step, { step, detail: detail.slice(0, 300) }, { cause: error });
  }
}
