// Export my data (accountExportData): the whole account as one zip, streamed into the response as
// it is read (see domain/account/export).
import { accountArchive } from '../domain/account/export/account-archive';
import { streamArchive } from '../domain/account/export/stream-archive';
import { requireUser, type HandlerMap } from './types';

export const accountExportHandlers: HandlerMap = {
  async accountExportData(ctx) {
    const user = requireUser(ctx);
    const now = ctx.services.clock.now();
    const fileName = `parley-export-${now.toISOString().slice(0, 10)}.zip`;
    ctx.reply.hijack();
    ctx.reply.raw.writeHead(200, {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    });
    await streamArchive(accountArchive(ctx.request.server.db, user.id, now), ctx.reply.raw);
    return null;
  },
};
