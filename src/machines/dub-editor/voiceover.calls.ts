// The calls behind the voice-over panel, each one promise or stream the machine invokes: the start
// checklist (lines to re-voice, earlier dubbings and so the cost, speakers and voices, the composed
// video as it is), the cost check, starting the synthesis, watching it, and the zip download.
import { catchError, concatMap, from, map, of, type Observable } from 'rxjs';
import {
  DUB_LINES_PAGE_SIZE,
  DUB_RIGHTS_TYPE,
  DUB_SOURCE_TYPE,
  DUB_SYNTHESIS_POLL_FAILURES,
  DUB_SYNTHESIS_POLL_MS,
  dubbingCostSeconds,
} from '../../shared/contract/dub-limits';
import { poll$ } from '../../streams/poll$';
import { required, unwrap } from '../../api/errors';
import { dubbingAccountCostBefore } from '../../api/dubbing/dubbing-account-cost-before';
import { dubbedVideoUrl } from '../../api/dubbing/dubbed-video-url';
import { saveDubZip } from '../../api/dubbing/download-zip';
import { getDubTask } from '../../api/dubbing/get-file-by-task-id';
import { getDubLinePage } from '../../api/dubbing/get-file-data-content-page-list';
import { getIterations } from '../../api/dubbing/get-iteration';
import { getDubSpeakers, type DubSpeakerItem as DubSpeaker } from '../../api/dubbing/get-speaker-list';
import { getSynthesis } from '../../api/dubbing/get-synthesis';
import { serviceNameList, type VoiceService } from '../../api/dubbing/service-name-list';
import type { DubStartFailure } from '../../api/dubbing/transwrite';
import { videoSynthesis, type DubSynthesis } from '../../api/dubbing/video-synthesis';
import { readRememberedSubtitles } from '../dubbing/dub-subtitle-settings';

export type { DubSpeaker, DubSynthesis, VoiceService };

export interface VoiceoverTarget {
  taskId: string;
  lang: string;
}

export interface VoiceoverChecklist {
  /** Lines changed since they were voiced (revoice true): only these are voiced again. */
  revoiceLines: number;
  totalLines: number;
  /** Dubbings of this video so far (its iterations): the first is charged in full, the next is free, later ones half. */
  earlierDubbings: number;
  costSeconds: number;
  speakers: DubSpeaker[];
  voices: VoiceService[];
  synthesis: DubSynthesis | null;
}

/** One read of a running synthesis: its state, and how far the task's running step is. */
export interface SynthesisUpdate {
  synthesis: DubSynthesis;
  progress: number | null;
  step: string | null;
}

/** Every line of the language, page by page, counting those to re-voice. */
async function countLines(target: VoiceoverTarget, signal?: AbortSignal): Promise<{ total: number; revoice: number }> {
  let revoice = 0;
  let seen = 0;
  for (let pageNum = 1; ; pageNum += 1) {
    const page = await getDubLinePage({ id: target.taskId, lang: target.lang, pageNum, pageSize: DUB_LINES_PAGE_SIZE }, signal);
    revoice += page.rows.filter((line) => line.revoice === true).length;
    seen += page.rows.length;
    if (page.rows.length === 0 || seen >= page.total) return { total: page.total, revoice };
  }
}

export async function loadChecklist(input: VoiceoverTarget & { durationSeconds: number }, signal?: AbortSignal): Promise<VoiceoverChecklist> {
  const [lines, iterations, speakers, voices, synthesis] = await Promise.all([
    countLines(input, signal),
    getIterations(input.taskId, signal).then((result) => unwrap(result) ?? []),
    getDubSpeakers(input.taskId, signal),
    serviceNameList(signal).then((result) => unwrap(result) ?? []),
    getSynthesis(input.taskId, input.lang, signal).then((result) => unwrap(result) ?? null),
  ]);
  // Iterations that failed charged nothing (the server refunds them), so they are not dubbings.
  const earlierDubbings = iterations.filter((iteration) => iteration.state !== 'failed').length;
  return {
    revoiceLines: lines.revoice,
    totalLines: lines.total,
    earlierDubbings,
    costSeconds: dubbingCostSeconds(input.durationSeconds, earlierDubbings),
    speakers,
    voices: voices.filter((voice) => !voice.lang || voice.lang.toLowerCase().startsWith(input.lang.slice(0, 2).toLowerCase())),
    synthesis,
  };
}

/** Rejects with a DubStartFailure (the catalogue code for a short balance) when the cost is not covered. */
export async function checkVoiceoverCost(input: { userId: string | null; costSeconds: number }, signal?: AbortSignal): Promise<{ balance: number | null }> {
  const result = await dubbingAccountCostBefore(
    { ...(input.userId ? { userId: input.userId } : {}), rightsType: DUB_RIGHTS_TYPE, sourceType: DUB_SOURCE_TYPE, duration: input.costSeconds },
    signal,
  );
  if (!result.ok) throw { code: result.error.code, message: result.error.message, messageKey: result.error.messageKey } satisfies DubStartFailure;
  if (result.data && !result.data.enough) throw { code: 92505000, messageKey: 'dubbing:balanceShort' } satisfies DubStartFailure;
  return { balance: result.data?.balance ?? null };
}

/** Starts composing (re-voicing changed lines first) with the subtitle settings the user last chose (dubFormData). */
export async function startSynthesis(target: VoiceoverTarget, signal?: AbortSignal): Promise<DubSynthesis> {
  // What is not remembered is left to the server, which takes it from the task's own dub form.
  const result = await videoSynthesis({ id: target.taskId, lang: target.lang, ...readRememberedSubtitles() }, signal);
  if (!result.ok) throw { code: result.error.code, message: result.error.message, messageKey: result.error.messageKey } satisfies DubStartFailure;
  return result.data ?? { id: target.taskId, state: 'composing' };
}

async function readSynthesis(target: VoiceoverTarget): Promise<SynthesisUpdate> {
  const [synthesis, task] = await Promise.all([getSynthesis(target.taskId, target.lang), getDubTask(target.taskId)]);
  const running = task.ok ? task.data : null;
  return { synthesis: required(unwrap(synthesis)), progress: running?.progress ?? null, step: running?.step ?? null };
}

export const SYNTHESIS_UNREADABLE = { messageKey: 'dubbing:voiceover.unreadable' } satisfies DubStartFailure;

/**
 * Reads the synthesis every DUB_SYNTHESIS_POLL_MS until unsubscribed (the panel closes or the
 * synthesis ends). A failed read is skipped; DUB_SYNTHESIS_POLL_FAILURES in a row end the stream
 * with an error, so a lost server does not leave the panel spinning for ever.
 */
export function watchSynthesis$(target: VoiceoverTarget, read: (target: VoiceoverTarget) => Promise<SynthesisUpdate> = readSynthesis): Observable<SynthesisUpdate> {
  let failures = 0;
  return poll$(DUB_SYNTHESIS_POLL_MS).pipe(
    concatMap(() =>
      from(read(target)).pipe(
        map((update) => {
          failures = 0;
          return [update];
        }),
        catchError(() => {
          failures += 1;
          if (failures >= DUB_SYNTHESIS_POLL_FAILURES) throw SYNTHESIS_UNREADABLE;
          return of([] as SynthesisUpdate[]);
        }),
      ),
    ),
    concatMap((updates) => updates),
  );
}

export async function downloadVoiceover(input: { taskId: string; fileName: string }, signal?: AbortSignal): Promise<void> {
  await saveDubZip({ idStr: input.taskId }, input.fileName, signal);
}

/** Where the composed video plays from: the address the server gave, else the media call (cookie-authorised). */
export function previewUrlOf(target: VoiceoverTarget, synthesis: DubSynthesis | null): string | null {
  if (synthesis?.state !== 'completed') return null;
  return synthesis.videoUrl ?? dubbedVideoUrl(target.taskId, target.lang);
}
