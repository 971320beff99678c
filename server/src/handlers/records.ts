// Record calls (platform §7, features §7 "Transcription records"): list, edit, read, share, copy,
// export (remove and getLatestTrans live in uploads.ts, as they also cover unfinished uploads).
// Every call checks ownership; a share code lets its holder read (and, when the share
// allows it, copy) one record. Another user's id answers the same 'not found' as a missing one.
import { chargeUpload } from '../domain/entitlements/upload-charges';
import { timeZoneHint } from './time-zone-hint';
import { sendFile } from './transcript';
import { requireBody, requireUser, type HandlerContext, type HandlerMap, type OperationId } from './types';

const defaultLabel = (ctx: { t: HandlerContext<OperationId>['t'] }) => ctx.t('folders.defaultName');

/** The caller's user id when signed in (visitors included), else null: share reads need no account. */
const callerId = (ctx: { user: { id: string } | null }) => ctx.user?.id ?? null;

export const recordsHandlers: HandlerMap = {
  async recordsQuery(ctx) {
    return ctx.services.records.query(requireUser(ctx).id, ctx.query ?? {}, defaultLabel(ctx));
  },
  async recordsSearch(ctx) {
    return ctx.services.records.search(requireUser(ctx).id, ctx.query, defaultLabel(ctx));
  },
  async recordsGetTrans(ctx) {
    const { id, shareCode } = ctx.query;
    const record = await ctx.services.records.get({ id, shareCode, userId: callerId(ctx) }, defaultLabel(ctx));
    // The owner sees which vocabulary libraries shaped the transcript; a share-link reader does not.
    if (shareCode || !ctx.user) return record;
    return { ...record, vocabularies: await ctx.services.vocabularyInForce.librariesOfRecord(id) };
  },
  async recordsGetTransResult(ctx) {
    const { id, shareCode } = ctx.query;
    const result = await ctx.services.records.result({ id, shareCode, userId: callerId(ctx) }, defaultLabel(ctx));
    // As in recordsGetTrans: the transcript page shows the owner the libraries in force, not a share reader.
    if (shareCode || !ctx.user) return result;
    return { ...result, record: { ...result.record, vocabularies: await ctx.services.vocabularyInForce.librariesOfRecord(id) } };
  },
  async recordsGetTransShareStatus(ctx) {
    const { id, shareCode } = ctx.query;
    return ctx.services.records.shareStatus({ id, shareCode, userId: callerId(ctx) });
  },
  async recordsEdit(ctx) {
    return ctx.services.records.edit(requireUser(ctx).id, requireBody(ctx.body), defaultLabel(ctx));
  },
  async recordsRefreshRecord(ctx) {
    const user = requireUser(ctx);
    const userId = user.id;
    const { id } = requireBody(ctx.body);
    // A failed step is queued again first, so the answer already shows it running. A new
    // transcription attempt is paid again (the failed one was refunded).
    const chargeRetry = async (row: { id: string; show_name: string; audio_duration_ms: number | null }) =>
      chargeUpload(ctx.request.server.db, ctx.services.entitlements, user, { recordId: row.id, seconds: (row.audio_duration_ms ?? 0) / 1000, note: row.show_name, zoneHint: timeZoneHint(ctx.request) });
    await ctx.services.transcript.retryFailed(userId, id, ctx.request.locale, chargeRetry);
    return ctx.services.records.get({ id, userId }, defaultLabel(ctx));
  },
  // recordsEditDetails lives in handlers/transcript.ts with the other transcript edits.
  async recordsCopyReplica(ctx) {
    return ctx.services.records.copy(requireUser(ctx).id, requireBody(ctx.body), defaultLabel(ctx));
  },
  async recordsExport(ctx) {
    // Stale translations are spoken of in the reader's language (see exports/segment-lines.ts).
    const say = ctx.t;
    const file = await ctx.services.records.export(callerId(ctx), ctx.query, {
      mark: say('transcripts:staleTranslationMark'),
      markedNote: (count) => say('transcripts:staleTranslationsNote', { count }),
      leftOutNote: (count) => say('transcripts:staleTranslationsLeftOut', { count }),
    });
    // A file, not an envelope: the reply is written here and the route's envelope step is skipped.
    return sendFile(ctx.reply, file);
  },
};
