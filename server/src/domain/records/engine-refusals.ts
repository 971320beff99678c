// Refuses, before any record, job or task exists, what no engine of this server can do: an upload in
// a language nothing recognises, a translation to a pair nothing translates, a meeting in such
// languages. The user reads the engine's own translated reason (it names the setting that would add
// one) at once, instead of a record that fails minutes later.
import { EngineUnavailableError } from '../../engines/engine-errors';
import type { Engines } from '../../engines/registry';
import { AppError } from '../../errors';

export interface EngineNeeds {
  recognise?: readonly string[];
  translate?: readonly { from: string; to: string }[];
}

export function refuseWithoutEngines(engines: Pick<Engines, 'recognizerFor' | 'translatorFor'>, needs: EngineNeeds): void {
  try {
    for (const language of needs.recognise ?? []) engines.recognizerFor(language);
    for (const { from, to } of needs.translate ?? []) engines.translatorFor(from, to);
  } catch (error) {
    if (error instanceof EngineUnavailableError) throw new AppError(400, error.key, { ...error.params });
    throw error;
  }
}

/** Every pair a meeting translates: each spoken language into each subtitle language (not into itself). */
export function meetingPairs(recognition: readonly string[], translation: readonly string[]): { from: string; to: string }[] {
  return recognition.flatMap((from) => translation.filter((to) => to.toLowerCase() !== from.toLowerCase()).map((to) => ({ from, to })));
}
