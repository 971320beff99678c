// Upload and transcription calls (platform §4, §5, §7): uploadInit, uploadBlock (multipart, streamed),
// transwrite, transwrite/upload (fetch from a link), remove (also cancels unfinished uploads and
// deletes unsubmitted files) and getLatestTrans (the newest record plus the restore data).
import { UPLOAD_CHUNKED_FROM_BYTES, UPLOAD_CHUNK_BYTES } from '../../../src/shared/contract/limits';
import { AppError } from '../errors';
import { removeRecords } from '../domain/uploads/remove-records';
import { transcribeLink, transcribeUploads, type TranscribeCall, type TranscribeDeps } from '../domain/uploads/transcribe-uploads';
import { latestUploadSettings } from '../domain/uploads/transwrite';
import type { MultipartPart } from '../domain/uploads/upload-service';
import { timeZoneHint } from './time-zone-hint';
import { requireBody, requireUser, type HandlerContext, type HandlerMap, type OperationId } from './types';

const defaultLabel = (ctx: { t: HandlerContext<OperationId>['t'] }) => ctx.t('folders.defaultName');

function transcribeDeps(ctx: HandlerContext<OperationId>): TranscribeDeps {
  const { clock, jobs, entitlements, engines } = ctx.services;
  return { db: ctx.request.server.db, clock, jobs, entitlements, engines };
}

function transcribeCall(ctx: HandlerContext<OperationId>): TranscribeCall {
  return { user: requireUser(ctx), locale: ctx.request.locale, zoneHint: timeZoneHint(ctx.request) };
}

export const uploadsHandlers: HandlerMap = {
  async recordsUploadInit(ctx) {
    return ctx.services.uploads.init(requireUser(ctx).id, requireBody(ctx.body));
  },

  async recordsUploadBlock(ctx) {
    const user = requireUser(ctx);
    if (!ctx.request.isMultipart()) throw new AppError(400, 'errors.unsupportedMediaType', { type: ctx.request.headers['content-type'] ?? '' });
    const query = (ctx.query ?? {}) as { uploadId?: string; partNumber?: number };
    // throwFileSizeLimit is read at run time but missing from the parts() option type.
    const multipartOptions = {
      limits: { fileSize: Math.max(UPLOAD_CHUNK_BYTES, UPLOAD_CHUNKED_FROM_BYTES) + 1, files: 1, fields: 20, fieldSize: 4096 },
      throwFileSizeLimit: false,
    };
    const sum = ctx.request.headers['x-chunk-sha256'];
    const answer = await ctx.services.uploads.receiveBlock({
      userId: user.id,
      query,
      // The contract checks its form (64 hex digits); the service compares it with the bytes received.
      clientSha256: typeof sum === 'string' ? sum : undefined,
      // The parser caps one file at the larger of the two single-request sizes; the service applies
      // the session's own chunk size and reads (and drops) any surplus so the client gets the answer.
      parts: ctx.request.parts(multipartOptions) as AsyncIterable<MultipartPart>,
    });
    // The chunk answers say whether a re-sent chunk was the same or replaced, so the message is
    // this call's own rather than the envelope's plain 'Success'.
    const t = ctx.t;
    ctx.reply.hijack();
    ctx.reply.raw.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    ctx.reply.raw.end(JSON.stringify({ code: 200, msg: t(answer.messageKey, answer.messageParams), data: answer.data }));
    return null;
  },

  async recordsTranswrite(ctx) {
    await transcribeUploads(transcribeDeps(ctx), transcribeCall(ctx), requireBody(ctx.body));
    return { code: 200, msg: ctx.t('uploads:started') };
  },

  async recordsTranswriteUpload(ctx) {
    const { mediaStore, uploads, config } = ctx.services;
    await transcribeLink({ ...transcribeDeps(ctx), mediaStore, uploads, allowPrivateLinks: config.uploadUrlAllowPrivate }, transcribeCall(ctx), requireBody(ctx.body));
    return { code: 200, msg: ctx.t('uploads:started') };
  },

  async recordsRemove(ctx) {
    const { blobStore, records, uploads } = ctx.services;
    await removeRecords({ db: ctx.request.server.db, blobStore, records, uploads }, requireUser(ctx).id, requireBody(ctx.body).ids);
    return null;
  },

  async recordsGetLatestTrans(ctx) {
    const userId = requireUser(ctx).id;
    const latest = await ctx.services.records.latest(userId, defaultLabel(ctx));
    if (!latest) return null;
    const [interruptedUpload, uploadSettings] = await Promise.all([
      ctx.services.uploads.interrupted(userId),
      latestUploadSettings(ctx.request.server.db, userId),
    ]);
    return { ...latest, interruptedUpload, uploadSettings };
  },
};
