// Upload and transcription calls (platform §4, §5, §7): uploadInit, uploadBlock (multipart, streamed),
// transwrite, transwrite/upload (fetch from a link), remove (also cancels unfinished uploads and
// deletes unsubmitted files) and getLatestTrans (the newest record plus the restore data).
import { UPLOAD_CHUNKED_FROM_BYTES, UPLOAD_CHUNK_BYTES } from '../../../src/shared/contract/limits';
import { AppError } from '../errors';
import { prepareTaskRemoval } from '../domain/dubbing/tasks/remove-tasks';
import { fetchToStaging } from '../domain/uploads/fetch-upload';
import { latestUploadSettings, refuseUploadWithoutEngines, startTranscription } from '../domain/uploads/transwrite';
import type { MultipartPart } from '../domain/uploads/upload-service';
import { timeZoneHint } from './time-zone-hint';
import { requireBody, requireUser, type HandlerContext, type HandlerMap, type OperationId } from './types';

const defaultLabel = (ctx: { t: HandlerContext<OperationId>['t'] }) => ctx.t('folders.defaultName');

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
    const answer = await ctx.services.uploads.receiveBlock({
      userId: user.id,
      query,
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
    const user = requireUser(ctx);
    refuseUploadWithoutEngines(ctx.services.engines, requireBody(ctx.body));
    await startTranscription(
      { db: ctx.request.server.db, clock: ctx.services.clock, jobs: ctx.services.jobs, entitlements: ctx.services.entitlements },
      { user, locale: ctx.request.locale, form: requireBody(ctx.body), zoneHint: timeZoneHint(ctx.request) },
    );
    const t = ctx.t;
    return { code: 200, msg: t('uploads:started') };
  },

  async recordsTranswriteUpload(ctx) {
    const user = requireUser(ctx);
    const body = requireBody(ctx.body);
    // Before the link is fetched: nothing is downloaded for a language no engine serves, nor for a
    // user with no upload time left (the exact charge follows once the media's length is known).
    refuseUploadWithoutEngines(ctx.services.engines, body);
    await ctx.services.entitlements.requireSomeTime(user, 'upload', timeZoneHint(ctx.request));
    const fetched = await fetchToStaging(ctx.services.mediaStore, body.url, { allowPrivate: ctx.services.config.uploadUrlAllowPrivate });
    const uploaded = await ctx.services.uploads.registerStaged({
      userId: user.id,
      stagingId: fetched.stagingId,
      oriFileName: body.oriFileName ?? fetched.fileName,
      size: fetched.bytes,
      folderId: body.folderId ?? null,
    });
    try {
      await startTranscription(
        { db: ctx.request.server.db, clock: ctx.services.clock, jobs: ctx.services.jobs, entitlements: ctx.services.entitlements },
        {
          user,
          zoneHint: timeZoneHint(ctx.request),
          locale: ctx.request.locale,
          form: {
            ids: [uploaded.id],
            showName: body.showName,
            audioLanguage: body.audioLanguage,
            translationLanguage: body.translationLanguage,
            speaker: body.speaker,
            maxSpeakers: body.maxSpeakers,
            folderId: body.folderId,
          },
        },
      );
    } catch (error) {
      await ctx.services.uploads.discard(user.id, [uploaded.id]);
      throw error;
    }
    const t = ctx.t;
    return { code: 200, msg: t('uploads:started') };
  },

  async recordsRemove(ctx) {
    const userId = requireUser(ctx).id;
    const recordIds = await ctx.services.uploads.discard(userId, requireBody(ctx.body).ids);
    if (recordIds.length > 0) {
      // Dubbing records keep files in the blob store: named before the rows go, deleted after.
      const dubbing = await prepareTaskRemoval(ctx.request.server.db, ctx.services.blobStore, userId, recordIds);
      await ctx.services.records.remove(userId, recordIds);
      await ctx.services.uploads.deleteMediaOf(userId, recordIds);
      await dubbing.finish();
    }
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
