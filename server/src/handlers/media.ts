// Playback of a record's uploaded media (recordsMedia, a Parley addition): the owner or a share-code
// holder or a participant of the meeting that recorded it (its share link), with HTTP Range so the browser can seek without fetching the whole file. A media element
// cannot send the Authorization header, so the owner is also recognised by the Admin-Token cookie.
import path from 'node:path';
import { TOKEN_COOKIE } from '../../../src/shared/contract/limits';
import { findRecordForReader } from '../domain/records/record-access';
import { copyNotAllowed, recordNotFound } from '../domain/records/record-errors';
import type { HandlerMap } from './types';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  wmv: 'video/x-ms-wmv',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
};

export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[path.extname(fileName).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

/** Attachment header for the 'Download audio' action: an ASCII fallback plus the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export interface ByteRange {
  start: number;
  end: number;
}

/** One range of a `Range: bytes=…` header; null when absent, 'unsatisfiable' when outside the file. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export const mediaHandlers: HandlerMap = {
  async recordsMedia(ctx) {
    const { id, shareCode, meetingId, download } = ctx.query;
    let userId = ctx.user?.id ?? null;
    const cookieToken = (ctx.request as { cookies?: Record<string, string | undefined> }).cookies?.[TOKEN_COOKIE];
    if (!userId && cookieToken) userId = (await ctx.services.session.authenticate(decodeURIComponent(cookieToken)))?.id ?? null;

    const db = ctx.request.server.db;
    // A share code (or a meeting's share link) opens only its own record: findRecordForReader checks it against this id.
    const readable = await findRecordForReader(db, ctx.services.clock, { id, userId, shareCode, meetingId });
    const { row } = readable;
    // A share lets its holders listen; taking the file away is a copy, which the owner allows or not.
    // A meeting's participants may download its recording (features §2: the share page offers the audio).
    if (download === '1' && readable.viewer === 'shareHolder' && readable.share.allow_copy !== 1) throw copyNotAllowed();
    const file = await db.selectFrom('media_files').select(['object_name', 'ori_file_name']).where('id', '=', row.id).executeTakeFirst();
    const size = file ? await ctx.services.mediaStore.size(file.object_name) : null;
    if (!file || size === null) throw recordNotFound();
    const range = parseRange(ctx.request.headers.range, size);

    ctx.reply.hijack();
    const raw = ctx.reply.raw;
    const common = {
      'content-type': contentTypeFor(file.ori_file_name),
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=300',
      ...(download === '1' ? { 'content-disposition': attachmentDisposition(file.ori_file_name) } : {}),
    };
    if (range === 'unsatisfiable') {
      raw.writeHead(416, { ...common, 'content-range': `bytes */${size}` });
      raw.end();
      return null;
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    raw.writeHead(range ? 206 : 200, {
      ...common,
      'content-length': size === 0 ? 0 : end - start + 1,
      ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    if (size === 0) {
      raw.end();
      return null;
    }
    // Headers are sent: a store that fails now can only cut the connection.
    const stream = await ctx.services.mediaStore.readStream(file.object_name, { start, end }).catch(() => null);
    if (!stream) {
      raw.destroy();
      return null;
    }
    stream.on('error', () => raw.destroy());
    raw.on('close', () => stream.destroy());
    stream.pipe(raw);
    return null;
  },
};
