// AI summary calls (/ai/ai/*, /ai/summaryTemplate/download). Generating needs the owner; reading
// and the Word download also accept a share code, as the share page shows the summary.
import { maskSummary, type TextMask } from '../domain/meetings/meeting-share-record';
import { meetingDb } from '../domain/meetings/meeting-tables';
import { createMeetingVocabulary } from '../domain/meetings/meeting-vocabulary';
import { summaryFile } from '../domain/summaries/summary-files';
import { localeFromAcceptLanguage } from '../i18n';
import { sendFile } from './transcript';
import { requireBody, requireUser, type HandlerContext, type HandlerMap } from './types';

export const summariesHandlers: HandlerMap = {
  async summaryMediaSummary(ctx) {
    return ctx.services.summaries.generate(requireUser(ctx).id, requireBody(ctx.body), ctx.t);
  },
  async summaryQueryMediaSummary(ctx) {
    const input = requireBody(ctx.body);
    const viewerId = ctx.user?.id ?? null;
    const summary = await ctx.services.summaries.read(viewerId, input);
    if (!summary) return summary;
    const mask = await readerMask(ctx, input.meetingId, viewerId);
    return mask ? maskSummary(summary, mask) : summary;
  },
  async summaryMediaFixedCountSummary(ctx) {
    return ctx.services.summaries.fixedCount(requireUser(ctx).id, requireBody(ctx.body), ctx.t);
  },
  // The Word template, or plain text with format=txt: every part of the stored summary (summary-files.ts),
  // masked for a meeting's readers exactly as queryMediaSummary masks it.
  async summaryTemplateDownload(ctx) {
    const input = requireBody(ctx.body);
    const viewerId = ctx.user?.id ?? null;
    const mask = await readerMask(ctx, input.meetingId, viewerId);
    const deps = { db: ctx.request.server.db, clock: ctx.services.clock, summaries: ctx.services.summaries, mask };
    const locale = localeFromAcceptLanguage(ctx.request.headers['accept-language']);
    const file = await summaryFile(deps, viewerId, input, ctx.t, locale);
    return sendFile(ctx.reply, file);
  },
};

type MaskContext = Pick<HandlerContext<'summaryTemplateDownload'>, 'request' | 'services'>;

/** Read through a meeting (its participants' pages, cast screens): others than the host read sensitive words masked (features §6). */
async function readerMask(ctx: MaskContext, meetingId: string | null | undefined, viewerId: string | null): Promise<TextMask | undefined> {
  if (!meetingId) return undefined;
  const meeting = await meetingDb(ctx.request.server.db).selectFrom('meetings').selectAll().where('id', '=', meetingId).executeTakeFirst();
  return meeting ? createMeetingVocabulary(ctx.services.vocabularyInForce).maskFor(meeting, viewerId) : undefined;
}
