// Dubbing downloads (issue 12 §5): download/zip and download/destroy/zip stream the same archive.
// Errors (a foreign id, a bad type, expired media) are found before the first byte and answer the
// translated envelope; after that the archive streams. Nothing is written to disk, so destroy/zip
// has no temporary archive to delete afterwards.
import { planDownload, type DownloadRequest } from '../domain/dubbing/downloads/download-plan';
import { streamZip } from '../domain/dubbing/downloads/stream-zip';
import { requireUser, type HandlerContext, type HandlerMap } from './types';

async function sendZip(ctx: HandlerContext<'dubbingDownloadZip'> | HandlerContext<'dubbingDownloadDestroyZip'>, request: DownloadRequest): Promise<null> {
  const user = requireUser(ctx);
  const t = ctx.t;
  const plan = await planDownload({ db: ctx.request.server.db, blobStore: ctx.services.blobStore, now: ctx.services.clock.now(), t }, user.id, request);
  const asciiName = plan.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  ctx.reply.hijack();
  ctx.reply.raw.writeHead(200, {
    'content-type': 'application/zip',
    'content-disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(plan.fileName)}`,
    'cache-control': 'private, no-store',
  });
  await streamZip(ctx.services.blobStore, plan.entries, ctx.reply.raw);
  return null;
}

export const dubbingDownloadsHandlers: HandlerMap = {
  async dubbingDownloadZip(ctx) {
    return sendZip(ctx, ctx.query);
  },
  async dubbingDownloadDestroyZip(ctx) {
    return sendZip(ctx, ctx.query);
  },
};
