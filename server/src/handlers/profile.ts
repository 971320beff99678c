// The personal centre's account calls (issue 15): password change, e-mail/phone binding by code,
// avatar upload and the avatar images it serves. Profile text edits stay in system.ts
// (systemClientUserEdit) next to the QR share switch they share a call with.
import type { MultipartFile } from '@fastify/multipart';
import { AVATAR_MAX_BYTES } from '../../../src/shared/contract/profile-limits';
import { squareAvatar } from '../domain/account/avatar-image';
import { avatarObjectName, isAvatarFileName, replaceAvatar } from '../domain/account/avatar-store';
import { bindAddress } from '../domain/account/bind-address';
import { changePassword } from '../domain/account/change-password';
import { AppError } from '../errors';
import { requireUser, type HandlerMap } from './types';

// Room for the multipart boundaries and part headers around a file of the largest allowed size.
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const avatarTooLarge = () => new AppError(400, 'profile.avatarTooLarge', { mb: AVATAR_MAX_BYTES / 1024 / 1024 });

/** The one file of the form; a body the parser cannot read (wrong boundary, cut short) is the client's error. */
async function readAvatarPart(read: () => Promise<MultipartFile | undefined>): Promise<{ bytes: Buffer; truncated: boolean }> {
  let part: MultipartFile | undefined;
  let bytes: Buffer;
  try {
    part = await read();
    if (!part) throw new AppError(400, 'errors.missingField', { field: 'file' });
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'uploads:brokenMultipart');
  }
  return { bytes, truncated: part.file.truncated };
}

export const profileHandlers: HandlerMap = {
  async systemUpdatePwd(ctx) {
    const { db } = ctx.request.server;
    await changePassword({ db, clock: ctx.services.clock, rateLimits: ctx.services.rateLimits }, requireUser(ctx), ctx.body, ctx.request.ip, ctx.token);
    return null;
  },

  async systemBindingAccount(ctx) {
    const { db } = ctx.request.server;
    await bindAddress({ db, clock: ctx.services.clock, rateLimits: ctx.services.rateLimits }, requireUser(ctx), ctx.body, ctx.request.ip);
    return null;
  },

  async systemUserAvatarUpload(ctx) {
    const user = requireUser(ctx);
    if (!ctx.request.isMultipart()) throw new AppError(400, 'errors.unsupportedMediaType', { type: ctx.request.headers['content-type'] ?? '' });
    // A declared size far above the limit is refused before a byte of the body is read; the
    // connection is closed so the rest of the upload is not received either.
    const declared = Number(ctx.request.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
      ctx.reply.header('connection', 'close');
      throw avatarTooLarge();
    }
    // throwFileSizeLimit is read at run time but missing from the option type; a chunked body
    // without a length is cut at the limit by the parser, which marks the part as truncated.
    const options = { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 }, throwFileSizeLimit: false };
    const { bytes, truncated } = await readAvatarPart(() => ctx.request.file(options as Parameters<typeof ctx.request.file>[0]));
    if (truncated) throw avatarTooLarge();
    const image = await squareAvatar(bytes);
    const url = await replaceAvatar({ db: ctx.request.server.db, clock: ctx.services.clock, store: ctx.services.mediaStore }, user.id, image);
    return { url };
  },

  async systemUserAvatarImage(ctx) {
    const { fileName } = ctx.params;
    const objectName = avatarObjectName(fileName);
    const size = isAvatarFileName(fileName) ? await ctx.services.mediaStore.size(objectName) : null;
    const stream = size === null ? null : await ctx.services.mediaStore.readStream(objectName).catch(() => null);
    if (size === null || !stream) {
      throw new AppError(404, 'profile.avatarNotFound', {}, 404);
    }
    ctx.reply.hijack();
    // Each upload gets a new name, so the bytes behind a name never change.
    ctx.reply.raw.writeHead(200, {
      'content-type': 'image/webp',
      'content-length': size,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    stream.on('error', () => ctx.reply.raw.destroy());
    stream.pipe(ctx.reply.raw);
    return null;
  },
};
