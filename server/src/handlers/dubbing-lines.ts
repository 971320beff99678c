// Dub editor calls on a task's lines, speakers, voices and languages (issue 12 §4, issue 13 §2–3):
// getFileDataContentPageList, edits, getSpeakerList, editSpeaker, serviceNameList, voiceCatalogue,
// voiceSample and cloneSpeakerVoice (issue 25), getLanguage, transAdjust and previewLine. Every
// task call answers 'the record does not exist' for another user's task. The rules live in domain/dubbing/lines/.
import { cloneSpeakerVoice } from '../domain/dubbing/lines/clone-voice';
import { dubbingLanguages } from '../domain/dubbing/lines/dub-languages';
import { previewLine } from '../domain/dubbing/lines/preview-line';
import { readLinesPage } from '../domain/dubbing/lines/read-lines';
import { saveDubLines } from '../domain/dubbing/lines/save-lines';
import { editSpeaker, listSpeakers } from '../domain/dubbing/lines/speakers';
import { adjustTranslations } from '../domain/dubbing/lines/trans-adjust';
import { voiceCatalogue } from '../domain/dubbing/lines/voice-catalogue';
import { voiceSample } from '../domain/dubbing/lines/voice-sample';
import { serviceNameList } from '../domain/dubbing/lines/voices';
import { abortWhenCallerLeaves } from './caller-gone';
import { requireBody, requireUser, type HandlerMap } from './types';

export const dubbingLinesHandlers: HandlerMap = {
  async dubbingGetFileDataContentPageList(ctx) {
    return readLinesPage(ctx.request.server.db, requireUser(ctx).id, requireBody(ctx.body));
  },

  async dubbingEdits(ctx) {
    await saveDubLines(ctx.request.server.db, ctx.services.clock, requireUser(ctx).id, requireBody(ctx.body));
    return null;
  },

  async dubbingGetSpeakerList(ctx) {
    return listSpeakers(ctx.request.server.db, requireUser(ctx).id, ctx.query.id);
  },

  async dubbingEditSpeaker(ctx) {
    await editSpeaker({ db: ctx.request.server.db, clock: ctx.services.clock, engines: ctx.services.engines }, requireUser(ctx).id, requireBody(ctx.body));
    return null;
  },

  async dubbingServiceNameList(ctx) {
    return serviceNameList(ctx.services.engines, ctx.request.locale, ctx.t);
  },

  async dubbingVoiceCatalogue(ctx) {
    requireUser(ctx);
    return voiceCatalogue(ctx.services.engines, ctx.query.lang, ctx.request.locale, ctx.t);
  },

  async dubbingVoiceSample(ctx) {
    requireUser(ctx);
    const wav = await voiceSample(ctx.services.engines, ctx.query.lang, ctx.query.voice);
    ctx.reply.hijack();
    // The same voice always says the same sentence: the browser may keep it for a day.
    ctx.reply.raw.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length, 'cache-control': 'private, max-age=86400' });
    ctx.reply.raw.end(wav);
    return null;
  },

  async dubbingCloneSpeakerVoice(ctx) {
    const deps = { db: ctx.request.server.db, clock: ctx.services.clock, engines: ctx.services.engines, blobStore: ctx.services.blobStore };
    return cloneSpeakerVoice(deps, requireUser(ctx).id, requireBody(ctx.body), abortWhenCallerLeaves(ctx.reply.raw));
  },

  async dubbingGetLanguage(ctx) {
    return dubbingLanguages(ctx.services.engines, ctx.request.locale, ctx.t);
  },

  async dubbingTransAdjust(ctx) {
    const user = requireUser(ctx);
    const vocabulary = await ctx.services.vocabularyInForce.forUpload(user.id);
    return adjustTranslations(
      { db: ctx.request.server.db, clock: ctx.services.clock, engines: ctx.services.engines, vocabulary },
      user.id,
      ctx.query.transId,
      abortWhenCallerLeaves(ctx.reply.raw),
    );
  },

  async dubbingPreviewLine(ctx) {
    const body = requireBody(ctx.body);
    const preview = await previewLine({ db: ctx.request.server.db, engines: ctx.services.engines }, requireUser(ctx).id, body, abortWhenCallerLeaves(ctx.reply.raw));
    ctx.reply.hijack();
    ctx.reply.raw.writeHead(200, {
      'content-type': 'audio/wav',
      'content-length': preview.wav.length,
      'cache-control': 'private, no-store',
      // How the line was fitted, for the editor's timing bar (the body is the audio itself).
      'x-parley-overrun-ms': String(preview.overrunMs),
      'x-parley-rate': preview.rate.toFixed(3),
      'x-parley-stretch': preview.stretch.toFixed(3),
    });
    ctx.reply.raw.end(preview.wav);
    return null;
  },
};
