// How a failed dubbing run is judged and told: whether a retry can help, and the step, key and
// params the failed task keeps (translated whenever it is read).
import { DubbingError } from '../domain/dubbing/pipeline';
import { EngineError } from '../engines/engine-errors';
import { AppError } from '../errors';

/** Errors a second attempt cannot fix: a bad SRT, a video without audio or speech, a missing engine. */
export function isPermanentDubError(error: unknown): boolean {
  if (error instanceof DubbingError) return error.key !== 'engines:dubStepFailed';
  if (error instanceof AppError) return true;
  return error instanceof EngineError && (error.code === 'engine_unavailable' || error.code === 'invalid_media');
}

/** The key and params a failed task keeps (translated whenever it is read). */
export function failureOf(error: unknown, lastStep: string | null): { step: string | null; key: string; params: Record<string, unknown> } {
  if (error instanceof DubbingError) return { step: error.step, key: error.key, params: { ...error.params } };
  if (error instanceof AppError) return { step: lastStep, key: error.messageKey, params: error.params };
  const detail = error instanceof Error ? error.message.slice(0, 300) : String(error);
  return { step: lastStep, key: 'engines:dubStepFailed', params: { step: lastStep ?? 'extract', detail } };
}
