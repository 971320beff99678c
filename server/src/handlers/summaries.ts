// AI summary calls (/ai/ai/*, /ai/summaryTemplate/download). Generating needs the owner; reading
// and the Word download also accept a share code, as the share page shows the summary.
import { sendFile } from './transcript';
import { requireBody, requireUser, type HandlerMap } from './types';

export const summariesHandlers: HandlerMap = {
  async summaryMediaSummary(ctx) {
    return ctx.services.summaries.generate(requireUser(ctx).id, requireBody(ctx.body), ctx.t);
  },
  async summaryQueryMediaSummary(ctx) {
    return ctx.services.summaries.read(ctx.user?.id ?? null, requireBody(ctx.body));
  },
  async summaryMediaFixedCountSummary(ctx) {
    return ctx.services.summaries.fixedCount(requireUser(ctx).id, requireBody(ctx.body), ctx.t);
  },
  async summaryTemplateDownload(ctx) {
    const file = await ctx.services.summaries.templateDocx(ctx.user?.id ?? null, requireBody(ctx.body), ctx.t);
    return sendFile(ctx.reply, file);
  },
};
