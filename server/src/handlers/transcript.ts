// Transcript calls (features §7 "Transcription records and audio"): save edited lines, rename a
// speaker on all its lines, merge lines, translate later, read aloud. Edits need the owner; a share
// code never allows them. Another user's record answers 'not found'.
import type { ExportedFile } from '../domain/exports/export-transcript';
import { encodeBody } from '../plugins/external/compressed-body';
import { requireBody, requireUser, type HandlerContext, type HandlerMap, type OperationId } from './types';

/**
 * Writes a file instead of the envelope. The route's envelope step is skipped by hijacking the
 * reply, the same way the record export does; errors thrown before this point still become envelopes.
 */
export function sendFile(reply: HandlerContext<OperationId>['reply'], file: ExportedFile): null {
  const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // Text files (txt, srt, vtt) are compressed as the compress plugin would; docx, xlsx and zip go as they are.
  const { body, encoding, varies } = encodeBody(reply.request.headers['accept-encoding'], file.contentType, file.body);
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': file.contentType,
    'content-length': body.length,
    'content-disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    'cache-control': 'private, no-store',
    ...(encoding ? { 'content-encoding': encoding } : {}),
    ...(varies ? { vary: 'accept-encoding' } : {}),
  });
  reply.raw.end(body);
  return null;
}

export const transcriptHandlers: HandlerMap = {
  async recordsEditDetails(ctx) {
    const body = requireBody(ctx.body);
    await ctx.services.transcript.saveLines(requireUser(ctx).id, body.id, body.lines);
    return null;
  },
  async recordsRenameSpeaker(ctx) {
    return ctx.services.transcript.renameSpeaker(requireUser(ctx).id, requireBody(ctx.body));
  },
  async recordsMergeFileData(ctx) {
    return ctx.services.transcript.mergeLines(requireUser(ctx).id, requireBody(ctx.body));
  },
  async recordsAddTranslation(ctx) {
    await ctx.services.transcript.addTranslation(requireUser(ctx).id, requireBody(ctx.body), ctx.request.locale);
    return { code: 200, msg: ctx.t('transcripts:translationStarted') };
  },
  async recordsRetranslateLines(ctx) {
    await ctx.services.transcript.retranslateLines(requireUser(ctx).id, requireBody(ctx.body), ctx.request.locale);
    return { code: 200, msg: ctx.t('transcripts:retranslationStarted') };
  },
  async recordsSynthesis(ctx) {
    const { text, lang, voice } = requireBody(ctx.body);
    const wav = await ctx.services.transcript.synthesize(text, lang, voice);
    return sendFile(ctx.reply, { fileName: 'speech.wav', contentType: 'audio/wav', body: wav });
  },
};
