// AI summary calls (/ai/ai/*, /ai/summaryTemplate/download). Generating needs the owner; reading
// and the Word download also accept a share code, as the share page shows the summary.
import { maskSummary } from '../domain/meetings/meeting-share-record';
import { meetingDb } from '../domain/meetings/meeting-tables';
import { createMeetingVocabulary } from '../domain/meetings/meeting-vocabulary';
import { summaryFile } from '../domain/summaries/summary-files';
import { localeFromAcceptLanguage } from '../i18n';
import { sendFile } from './transcript';
import { requireBody, requireUser, type HandlerMap } from './types';

export const summariesHandlers: HandlerMap = {
  async summaryMediaSummary(ctx) {
    return ctx.services.summaries.generate(requireUser(ctx).id, requireBody(ctx.body), ctx.t);
  },
  async summaryQueryMediaSummary(ctx) {
    const input = requireBody(ctx.body);
    const viewerId = ctx.user?.id ?? null;
    const summary = await ctx.services.summaries.read(viewerId, input);
    if (!summary || !input.meetingId) return summary;
    // Read through a meeting (its participants' pages): others than the host read sensitive words masked (features §6).
    const meeting = await meetingDb(ctx.request.server.db).selectFrom('meetings').selectAll().where('id', '=', input.meetingId).executeTakeFirst();
    const mask = meeting ? await createMeetingVocabulary(ctx.services.vocabularyInForce).maskFor(meeting, viewerId) : undefined;
    return mask ? maskSummary(summary, mask) : summary;
  },
  async summaryMediaFixedCountSummary(ctx) {
    return ctx.services.summaries.fixedCount(requireUser(ctx).id, requireBody(ctx.body), ctx.t);
  },
  // The Word template, or plain text with format=txt: every part of the stored summary (summary-files.ts).
  async summaryTemplateDownload(ctx) {
    const deps = { db: ctx.request.server.db, clock: ctx.services.clock, summaries: ctx.services.summaries };
    const locale = localeFromAcceptLanguage(ctx.request.headers['accept-language']);
    const file = await summaryFile(deps, ctx.user?.id ?? null, requireBody(ctx.body), ctx.t, locale);
    return sendFile(ctx.reply, file);
  },
};
