// Dubbing task calls (issue 12 §3–§6): the SRT attachment (POST /file/upload) and reading one for the
// dub editor's import (POST /file/srtRead), create and transwrite
// (start, charged once per run), the task list and one task, removing uploaded videos, and the task's
// media with HTTP Range for the player. Every call reaches only the caller's own tasks and files.
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { DUB_SRT_MAX_BYTES } from '../../../src/shared/contract/dub-limits';
import { TOKEN_COOKIE } from '../../../src/shared/contract/limits';
import { storedForm, ensureTask, startDubbing } from '../domain/dubbing/tasks/start-task';
import { readSrtFile, storeSrtAttachment } from '../domain/dubbing/tasks/srt-attachment';
import { resolveDubMedia } from '../domain/dubbing/tasks/task-media';
import { findOwnedTask, listTasks, toDubTaskView, type DubMediaKind } from '../domain/dubbing/tasks/task-view';
import { removeDubFiles } from '../domain/dubbing/tasks/remove-files';
import { dubTaskNotFound } from '../domain/dubbing/tasks/task-errors';
import { AppError } from '../errors';
import { parseRange } from './media';
import { timeZoneHint } from './time-zone-hint';
import { requireUser, type HandlerMap } from './types';

function publicBase(config: { publicBaseUrl: string | null }, request: FastifyRequest): string {
  return config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}

function bodyOf<T>(body: T | undefined): T {
  if (!body) throw new AppError(400, 'errors.invalidRequest');
  return body;
}

/** The one .srt of a multipart body, cut at the attachment limit (truncated says so). */
async function srtFileOf(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer; truncated: boolean }> {
  if (!request.isMultipart()) throw new AppError(400, 'errors.unsupportedMediaType', { type: request.headers['content-type'] ?? '' });
  // throwFileSizeLimit is read at run time but missing from the option type: an over-long file is marked truncated.
  const options = { limits: { fileSize: DUB_SRT_MAX_BYTES, files: 1, fields: 0, parts: 1 }, throwFileSizeLimit: false };
  try {
    const part: MultipartFile | undefined = await request.file(options as Parameters<typeof request.file>[0]);
    if (!part) throw new AppError(400, 'errors.missingField', { field: 'file' });
    return { fileName: part.filename, bytes: await part.toBuffer(), truncated: part.file.truncated };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'uploads:brokenMultipart');
  }
}

const MEDIA_KINDS: readonly DubMediaKind[] = ['source', 'dubbedAudio', 'dubbedVideo'];

export const dubbingTasksHandlers: HandlerMap = {
  async dubbingFileUpload(ctx) {
    const user = requireUser(ctx);
    const file = await srtFileOf(ctx.request);
    return storeSrtAttachment(ctx.services.blobStore, { userId: user.id, ...file, publicBaseUrl: publicBase(ctx.services.config, ctx.request) });
  },

  async dubbingSrtRead(ctx) {
    requireUser(ctx);
    return readSrtFile(await srtFileOf(ctx.request));
  },

  async dubbingCreate(ctx) {
    const user = requireUser(ctx);
    const body = bodyOf(ctx.body);
    const db = ctx.request.server.db;
    const form = storedForm({ audioLanguage: body.audioLanguage, translationLanguage: body.translationLanguage });
    const taskId = await ensureTask({ db, clock: ctx.services.clock }, user.id, { fileId: body.id, showName: body.showName, folderId: body.folderId, form });
    return toDubTaskView(ctx.t, await findOwnedTask(db, user.id, taskId));
  },

  async dubbingTranswrite(ctx) {
    const user = requireUser(ctx);
    const { services } = ctx;
    await startDubbing(
      { db: ctx.request.server.db, clock: services.clock, store: services.blobStore, jobs: services.jobs, entitlements: services.entitlements },
      { user, locale: ctx.request.locale, body: bodyOf(ctx.body), zoneHint: timeZoneHint(ctx.request) },
    );
    const t = ctx.t;
    return { code: 200, msg: t('uploads:dubStarted') };
  },

  async dubbingList(ctx) {
    const user = requireUser(ctx);
    const query = ctx.query ?? {};
    const page = await listTasks(ctx.request.server.db, user.id, { pageNum: query.pageNum ?? 1, pageSize: query.pageSize ?? 10, folderId: query.folderId ?? null });
    const t = ctx.t;
    return { total: page.total, rows: page.rows.map((row) => toDubTaskView(t, row)) };
  },

  async dubbingGetFileByTaskId(ctx) {
    const user = requireUser(ctx);
    return toDubTaskView(ctx.t, await findOwnedTask(ctx.request.server.db, user.id, ctx.query.taskId));
  },

  async dubbingRemove(ctx) {
    const user = requireUser(ctx);
    await removeDubFiles(ctx.request.server.db, ctx.services.blobStore, user.id, bodyOf(ctx.body).ids);
    return null;
  },

  async dubbingMedia(ctx) {
    const { id, kind = 'source', lang } = ctx.query;
    // A media element sends no Authorization header: the owner is also recognised by the Admin-Token cookie.
    let userId = ctx.user?.id ?? null;
    const cookieToken = (ctx.request as { cookies?: Record<string, string | undefined> }).cookies?.[TOKEN_COOKIE];
    if (!userId && cookieToken) userId = (await ctx.services.session.authenticate(decodeURIComponent(cookieToken)))?.id ?? null;
    if (!userId || !MEDIA_KINDS.includes(kind as DubMediaKind)) throw dubTaskNotFound();
    const store = ctx.services.blobStore;
    const media = await resolveDubMedia(ctx.request.server.db, store, userId, { id, kind: kind as DubMediaKind, lang: lang ?? null });
    const range = parseRange(ctx.request.headers.range, media.size);
    const common = { 'content-type': media.contentType, 'accept-ranges': 'bytes', 'cache-control': 'private, max-age=300' };
    ctx.reply.hijack();
    const raw = ctx.reply.raw;
    if (range === 'unsatisfiable') {
      raw.writeHead(416, { ...common, 'content-range': `bytes */${media.size}` });
      raw.end();
      return null;
    }
    if (media.size === 0) {
      raw.writeHead(200, { ...common, 'content-length': 0 });
      raw.end();
      return null;
    }
    const { start, end } = range ?? { start: 0, end: media.size - 1 };
    let stream: NodeJS.ReadableStream & { destroy(): void };
    try {
      stream = (await store.readStream(media.container, media.blob, range ? { start, end } : undefined)) as never;
    } catch {
      raw.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      raw.end(JSON.stringify({ code: 404, msg: ctx.t('uploads:dubMediaNotFound'), data: null }));
      return null;
    }
    raw.writeHead(range ? 206 : 200, {
      ...common,
      'content-length': end - start + 1,
      ...(range ? { 'content-range': `bytes ${start}-${end}/${media.size}` } : {}),
    });
    stream.on('error', () => raw.destroy());
    raw.on('close', () => stream.destroy());
    stream.pipe(raw);
    return null;
  },
};
