// Dubbing upload calls (features §7): getBlobSasInfo (a write-only SAS on the caller's container),
// upload (register a committed blob after the content checks) and uploadBlock (chunks through the
// server for clients that cannot reach storage).
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { receiveDubChunk } from '../domain/dubbing/uploads-blocks';
import { registerDubUpload } from '../domain/dubbing/uploads-register';
import { DUB_BLOCK_MAX_BYTES, DUB_SAS_LIFETIME_MS } from '../domain/dubbing/upload-limits';
import type { MultipartPart } from '../domain/uploads/upload-service';
import { requireUser, type HandlerMap } from './types';

function publicBase(config: { publicBaseUrl: string | null }, request: FastifyRequest): string {
  return config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}

export const dubbingUploadsHandlers: HandlerMap = {
  async dubbingGetBlobSasInfo(ctx) {
    const user = requireUser(ctx);
    const expiresOn = new Date(ctx.services.clock.now().getTime() + DUB_SAS_LIFETIME_MS);
    return ctx.services.blobStore.sasFor(user.id, expiresOn, publicBase(ctx.services.config, ctx.request));
  },

  async dubbingUpload(ctx) {
    const user = requireUser(ctx);
    if (!ctx.body) throw new AppError(400, 'errors.invalidRequest');
    return registerDubUpload(
      { db: ctx.request.server.db, clock: ctx.services.clock, store: ctx.services.blobStore },
      { userId: user.id, url: ctx.body.url, oriFileName: ctx.body.oriFileName, folderId: ctx.body.folderId ?? null },
    );
  },

  async dubbingUploadBlock(ctx) {
    const user = requireUser(ctx);
    if (!ctx.request.isMultipart()) throw new AppError(400, 'errors.unsupportedMediaType', { type: ctx.request.headers['content-type'] ?? '' });
    const answer = await receiveDubChunk(ctx.services.blobStore, {
      userId: user.id,
      publicBaseUrl: publicBase(ctx.services.config, ctx.request),
      parts: ctx.request.parts({ limits: { fileSize: DUB_BLOCK_MAX_BYTES + 1, files: 1, fields: 20, fieldSize: 200_000 } }) as AsyncIterable<MultipartPart>,
    });
    return answer;
  },
};
