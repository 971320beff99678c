// Re-dubs and compositions (issue 12 §4, issue 13 §5): createIteration / getIteration, and
// videoSynthesis / getSynthesis. Another user's task answers 'not found'.
import type { VoiceoverDeps } from '../domain/dubbing/voiceover/deps';
import { listIterations, startIteration } from '../domain/dubbing/voiceover/iterations';
import { getSynthesis, startSynthesis } from '../domain/dubbing/voiceover/syntheses';
import { requireBody, requireUser, type HandlerContext, type HandlerMap, type OperationId } from './types';

function voiceoverDeps<K extends OperationId>(ctx: HandlerContext<K>): VoiceoverDeps {
  const { clock, engines, blobStore, entitlements, jobs } = ctx.services;
  return { db: ctx.request.server.db, clock, engines, blobStore, entitlements, jobs };
}

export const dubbingVoiceoverHandlers: HandlerMap = {
  async dubbingCreateIteration(ctx) {
    const body = requireBody(ctx.body);
    return startIteration(voiceoverDeps(ctx), requireUser(ctx), { id: body.id, lang: body.lang ?? null, regenerate: body.regenerate ?? [] });
  },

  async dubbingGetIteration(ctx) {
    return listIterations(voiceoverDeps(ctx), requireUser(ctx).id, ctx.query.id);
  },

  async dubbingVideoSynthesis(ctx) {
    return startSynthesis(voiceoverDeps(ctx), requireUser(ctx), requireBody(ctx.body));
  },

  async dubbingGetSynthesis(ctx) {
    return getSynthesis(voiceoverDeps(ctx), requireUser(ctx).id, ctx.query.id, ctx.query.lang);
  },
};
