// The timeline's PeaksSource for one dubbing task: the peaks stream (src/streams/dub-peaks$.ts) over
// the dubbingPeaks call. It lives with the dubbing machines because routes may not import streams or
// api calls at run time (.dependency-cruiser.cjs) and the stream's root may not import an area's call;
// the dub editor screen creates one per task (useMemo on the task id and language) and passes it to
// <Timeline peaks={...} />.
import { fetchPeaksWindow } from '../../api/dubbing/peaks';
import type { PeaksSource } from '../../shared/contract/dub-peaks';
import { dubPeaksSource, type PeaksFetch } from '../../streams/dub-peaks$';

export function taskPeaksSource(taskId: string, lang?: string, fetchWindow: typeof fetchPeaksWindow = fetchPeaksWindow): PeaksSource {
  const fetch: PeaksFetch = (request, signal) => fetchWindow({ ...request, taskId, lang }, signal);
  return dubPeaksSource(fetch);
}
