// The timeline's waveform peaks for one task (issue 13 §1): the windowed, cancelling peaks stream
// bound to the peaks call of this task and dubbed language. Here, in the machines layer, because a
// route reaches the api and streams only through this layer.
import { fetchPeaksWindow } from '../../api/dubbing/peaks';
import type { PeaksSource } from '../../shared/contract/dub-peaks';
import { dubPeaksSource } from '../../streams/dub-peaks$';

export function taskPeaksSource(taskId: string, lang: string | undefined): PeaksSource {
  return dubPeaksSource((request, signal) => fetchPeaksWindow({ taskId, lang, ...request }, signal));
}
