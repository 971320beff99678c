// dubbingPeaks (issue 13 §1): the dub editor's two timeline lanes, drawn from peaks the server
// computes once per media (domain/dubbing/peaks), so the browser never decodes a video.
import { AppError } from '../errors';
import { EngineError } from '../engines/engine-errors';
import { PeaksNotFound, peaksCacheFor } from '../domain/dubbing/peaks/peaks-cache';
import { dubAudioExpired, dubVideoGone, peaksMediaOf } from '../domain/dubbing/peaks/peaks-media';
import { requireUser, type HandlerMap } from './types';

export const dubbingPeaksHandlers: HandlerMap = {
  async dubbingPeaks(ctx) {
    const user = requireUser(ctx);
    const { id, track = 'original', lang, pointsPerSecond = 10, fromMs, toMs } = ctx.query;
    if (fromMs !== undefined && toMs !== undefined && Number(toMs) < Number(fromMs)) throw new AppError(400, 'uploads:dubPeaksWindow', { fromMs, toMs });
    const media = await peaksMediaOf(ctx.request.server.db, user.id, id, track, lang);
    try {
      const window = await peaksCacheFor(ctx.services.config.dataDir, ctx.services.blobStore).window(media, {
        pointsPerSecond: Number(pointsPerSecond),
        fromMs: fromMs === undefined ? undefined : Number(fromMs),
        toMs: toMs === undefined ? undefined : Number(toMs),
      });
      return { ...window, track, peaks: window.peaks.toString('base64') };
    } catch (error) {
      // The row names a blob the store no longer holds (purged or deleted under it).
      if (error instanceof PeaksNotFound) throw track === 'original' ? dubVideoGone() : dubAudioExpired();
      if (error instanceof EngineError) throw new AppError(error.code === 'engine_missing' ? 503 : 500, error.key, { ...error.params });
      throw error;
    }
  },
};
