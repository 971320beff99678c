// The timeline's waveform peaks for one task (issue 13 §1): the windowed, cancelling peaks stream
// bound to the peaks call of this task and dubbed language. Here, in the machines layer, because a
// route reaches the api and streams only through this layer.
import { fetchPeaksWindow } from '../../api/dubbing/peaks';
import type { PeaksSource } from '../../streams/dub-peaks.types';
import { dubPeaksSource } from '../../streams/dub-peaks$';

export function taskPeaksSource(taskId: string, lang: string | undefined, fetchWindow: typeof fetchPeaksWindow = fetchPeaksWindow): PeaksSource {
  return dubPeaksSource((request, signal) => fetchWindow({ taskId, lang, ...request }, signal));
}
