// Meeting calls (features §7 "Meetings and sharing"): create, stop (also the repair of a meeting
// left paused), edit (incl. share status), read, the participants' read and export after the meeting,
// list, join records, cast codes and presets, and the meeting entitlement check (tier rules:
// server/src/domain/entitlements). The live side (socket, recording) is server/src/live.
import { languagesOf, meetingLanguagesOf } from '../domain/meetings/meeting-view';
import { SCREEN_PRESETS } from '../domain/meetings/screen-presets';
import { mayUseMeetingFeature, requireMeetingFeature, withinLanguageLimits } from '../domain/meetings/meeting-permissions';
import { checkLanguages } from '../domain/meetings/meetings-service';
import { entitlementRefusal } from '../domain/entitlements/entitlements-service';
import { availableSeconds, NO_SUCH_RIGHT } from '../domain/entitlements/metering';
import { timeZoneHint } from './time-zone-hint';
import { meetingPairs, refuseWithoutEngines } from '../domain/records/engine-refusals';
import { meetingNotFound } from '../domain/meetings/meeting-errors';
import { sharedMeeting } from '../domain/meetings/meeting-share-access';
import { exportMeetingShare, meetingShareLines, type TextMask } from '../domain/meetings/meeting-share-record';
import type { MeetingRow } from '../domain/meetings/meeting-tables';
import { LiveSocketError } from '../live/live-errors';
import { sendFile } from './transcripts';
import { requireBody, requireUser, type HandlerContext, type HandlerMap, type OperationId } from './types';

/** Picking libraries for a meeting is SVIP (92505003 opens the purchase dialog); an empty pick is always allowed. */
async function requireVocabularyFeature(ctx: Pick<HandlerContext<OperationId>, 'user' | 'services'>, documentIds: readonly string[] | undefined): Promise<void> {
  if (!documentIds?.length) return;
  const user = requireUser(ctx);
  const { rule } = await ctx.services.entitlements.account(user);
  if (user.is_visitor || !rule.features.vocabulary) throw entitlementRefusal(NO_SUCH_RIGHT);
}

/** Readers other than the host see the meeting's sensitive words masked; the host reads the original. */
async function maskFor(ctx: Pick<HandlerContext<OperationId>, 'services'>, meeting: MeetingRow, viewerId: string | null): Promise<TextMask | undefined> {
  if (viewerId === meeting.user_id) return undefined;
  const vocabulary = await ctx.services.vocabularyInForce.forMeeting(meeting);
  return vocabulary?.hasSensitiveWords ? (text) => vocabulary.mask(text) : undefined;
}

/** The host's view adds the libraries picked and those that apply now (features §5: shown on the record). */
async function withVocabularies<V extends object>(ctx: Pick<HandlerContext<OperationId>, 'services'>, row: MeetingRow, viewerId: string | null, view: V) {
  if (viewerId !== row.user_id) return view;
  const vocabulary = ctx.services.vocabularyInForce;
  const [documentIds, inForce] = await Promise.all([vocabulary.meetingLibraryIds(row.id), vocabulary.forMeeting(row)]);
  return { ...view, documentIds, vocabularies: inForce?.set.libraries ?? [] };
}

export const meetingsHandlers: HandlerMap = {
  async meetingsCreate(ctx) {
    const user = requireUser(ctx);
    const { meetings } = ctx.request.server.live;
    const body = requireBody(ctx.body);
    refuseWithoutEngines(ctx.services.engines, {
      recognise: body.recognitionLanguages,
      translate: meetingPairs(body.recognitionLanguages, body.translationLanguages ?? []),
    });
    // Before the meeting exists: the product's bounds (400), languages within the tier (92505003),
    // and some live time left today or in the duration pack (92505001 / 92505000).
    checkLanguages(body.recognitionLanguages, body.translationLanguages ?? []);
    const { entitlements } = ctx.services;
    const account = await entitlements.requireSomeTime(user, 'live', timeZoneHint(ctx.request));
    if (!withinLanguageLimits(account.rule, { recognition: body.recognitionLanguages.length, interpretation: body.translationLanguages?.length ?? 0 })) {
      throw entitlementRefusal(NO_SUCH_RIGHT);
    }
    const date = ctx.services.clock.now().toISOString().slice(0, 16).replace('T', ' ');
    await requireVocabularyFeature(ctx, body.documentIds);
    const row = await meetings.create(user, body, ctx.t('live:defaultName', { date }));
    if (body.documentIds?.length) await ctx.services.vocabularyInForce.setMeetingLibraries(row.id, body.documentIds);
    // The host usually joins within seconds: the recogniser's model loads meanwhile, not on the first words.
    ctx.services.engines.prepareRecognition(body.recognitionLanguages[0] ?? 'en-US');
    return withVocabularies(ctx, row, user.id, await meetings.view(row, user.id, { mayInvite: mayUseMeetingFeature(user, account.rule, 'inviteMeeting') }));
  },
  async meetingsStopMeeting(ctx) {
    const user = requireUser(ctx);
    const { meetings, hub } = ctx.request.server.live;
    const row = await meetings.owned(user.id, requireBody(ctx.body).id);
    await hub.stop(row.id);
    // Read back after stopping: the hub writes the final state and duration as it closes the recording.
    return meetings.view(await meetings.owned(user.id, row.id), user.id);
  },
  async meetingsEdit(ctx) {
    const user = requireUser(ctx);
    const { meetings, hub } = ctx.request.server.live;
    const body = requireBody(ctx.body);
    if (body.inviteStatus === '1') await requireMeetingFeature(ctx.services.entitlements, user, 'inviteMeeting');
    if (body.translationLanguages) {
      checkLanguages(undefined, body.translationLanguages);
      const { rule } = await ctx.services.entitlements.account(user);
      if (!withinLanguageLimits(rule, { interpretation: body.translationLanguages.length })) throw entitlementRefusal(NO_SUCH_RIGHT);
      const current = await meetings.owned(user.id, body.id);
      refuseWithoutEngines(ctx.services.engines, { translate: meetingPairs(languagesOf(current.recognition_languages), body.translationLanguages) });
    }
    await requireVocabularyFeature(ctx, body.documentIds);
    const { documentIds, ...edits } = body;
    const row = await meetings.edit(user.id, edits);
    if (documentIds) {
      await ctx.services.vocabularyInForce.setMeetingLibraries(row.id, documentIds);
      await hub.vocabularyChanged(row);
    }
    // Closing a link stops the subtitles of those who came through it at once; the other link's
    // participants stay (share and invite are opened and closed independently).
    if (body.shareStatus === '0') hub.closeParticipants(row.id, 'share', new LiveSocketError(410, 'meetingLinkExpired', {}, true));
    if (body.inviteStatus === '0') hub.closeParticipants(row.id, 'invite', new LiveSocketError(410, 'inviteClosed', {}, true));
    return withVocabularies(ctx, row, user.id, await meetings.view(row, user.id));
  },
  async meetingsInvite(ctx) {
    const user = requireUser(ctx);
    await requireMeetingFeature(ctx.services.entitlements, user, 'inviteMeeting');
    const { meetings, hub } = ctx.request.server.live;
    const body = requireBody(ctx.body);
    const row = await meetings.invite(user.id, body.meetingId, body.expiry, body.renew ?? false);
    // A renewed link (or a shorter expiry) applies to those already in at once, not at the next check.
    await hub.recheckInvites(row.id);
    return meetings.view(row, user.id);
  },
  async meetingsOpenInvite(ctx) {
    const { meetings } = ctx.request.server.live;
    const viewerId = ctx.user?.id ?? null;
    return meetings.view(await meetings.invited(ctx.query.code), viewerId);
  },
  async meetingsGetMeeting(ctx) {
    const { meetings } = ctx.request.server.live;
    const viewerId = ctx.user?.id ?? null;
    const row = await meetings.readable(ctx.query.id, viewerId);
    return withVocabularies(ctx, row, viewerId, await meetings.view(row, viewerId));
  },
  async meetingsShareRecord(ctx) {
    const viewerId = ctx.user?.id ?? null;
    const db = ctx.request.server.db;
    const meeting = await sharedMeeting(db, ctx.query.meetingId, viewerId);
    const mask = await maskFor(ctx, meeting, viewerId);
    const recordId = meeting.record_id;
    // Every meeting writes to a record from its creation; one without (removed) has nothing to read.
    if (!recordId) throw meetingNotFound();
    const [lines, summary, media] = await Promise.all([
      meetingShareLines(db, meeting, mask),
      ctx.services.summaries.read(viewerId, { transId: recordId, meetingId: meeting.id }),
      db.selectFrom('media_files').select('object_name').where('id', '=', recordId).executeTakeFirst(),
    ]);
    return {
      meetingId: meeting.id,
      transId: recordId,
      name: meeting.name,
      state: meeting.state,
      recognitionLanguages: languagesOf(meeting.recognition_languages),
      translationLanguages: languagesOf(meeting.translation_languages),
      startTime: meeting.started_at,
      endTime: meeting.ended_at,
      duration: meeting.audio_ms / 1000,
      lines,
      hasAudio: media !== undefined && (await ctx.services.mediaStore.exists(media.object_name)),
      summary,
    };
  },
  async meetingsShareExport(ctx) {
    const { meetingId, ...request } = ctx.query;
    const meeting = await sharedMeeting(ctx.request.server.db, meetingId, ctx.user?.id ?? null);
    // Stale translations are spoken of in the reader's language, as in recordsExport.
    const say = ctx.t as unknown as (key: string, params?: Record<string, unknown>) => string;
    const file = await exportMeetingShare(
      ctx.request.server.db,
      meeting,
      request,
      {
        mark: say('transcripts:staleTranslationMark'),
        markedNote: (count) => say('transcripts:staleTranslationsNote', { count }),
        leftOutNote: (count) => say('transcripts:staleTranslationsLeftOut', { count }),
      },
      await maskFor(ctx, meeting, ctx.user?.id ?? null),
    );
    return sendFile(ctx.reply, file);
  },
  async meetingsGetMeetingList(ctx) {
    const user = requireUser(ctx);
    const { meetings } = ctx.request.server.live;
    const { rows, total } = await meetings.list(user.id, ctx.query?.pageNum, ctx.query?.pageSize);
    return { total, rows: await Promise.all(rows.map((row) => meetings.view(row, user.id))) };
  },
  async meetingsJoinRecord(ctx) {
    const user = requireUser(ctx);
    return ctx.request.server.live.meetings.joins(user.id, ctx.query.meetingId, ctx.query.pageNum, ctx.query.pageSize);
  },
  async meetingsCreateScreenCode(ctx) {
    const user = requireUser(ctx);
    await requireMeetingFeature(ctx.services.entitlements, user, 'screenCasting');
    return ctx.request.server.live.meetings.createScreenCode(user.id, requireBody(ctx.body).meetingId);
  },
  async meetingsGetNetworkLink(ctx) {
    return ctx.request.server.live.meetings.networkLink(ctx.query.shortCode);
  },
  async meetingsScreenOperation(ctx) {
    const user = requireUser(ctx);
    await requireMeetingFeature(ctx.services.entitlements, user, 'screenCasting');
    const { meetings, hub } = ctx.request.server.live;
    const body = requireBody(ctx.body);
    const meeting = await meetings.screenOperation(user.id, body.meetingId, body);
    const preset = SCREEN_PRESETS.find((p) => p.id === body.presetId);
    // The meeting's own spelling of the language, so the screen subscribes to exactly it.
    const language = body.translationLanguage
      ? meetingLanguagesOf(meeting).offered(body.translationLanguage)
      : body.translationLanguage;
    await hub.publish(meeting.id, {
      type: 'cast.control',
      action: body.action,
      code: body.code ?? null,
      ...(preset ? { preset: { id: preset.id, name: ctx.t(preset.nameKey), fontSize: preset.fontSize, color: preset.color, backgroundColor: preset.backgroundColor, lines: preset.lines } } : {}),
      ...(language !== undefined ? { translationLanguage: language } : {}),
      ...(body.fontSize !== undefined ? { fontSize: body.fontSize } : {}),
    });
    return null;
  },
  async meetingsGetScreenPresets(ctx) {
    return SCREEN_PRESETS.map((p) => ({
      id: p.id,
      name: ctx.t(p.nameKey),
      fontSize: p.fontSize,
      color: p.color,
      backgroundColor: p.backgroundColor,
      lines: p.lines,
    }));
  },
  async paymentMeetingRightsJudge(ctx) {
    const user = requireUser(ctx);
    // Unchecked call (no message shown): the answer says whether a meeting may start or go on now.
    const account = await ctx.services.entitlements.account(user, timeZoneHint(ctx.request));
    const body = ctx.body ?? {};
    let recognition = body.recognitionLanguages?.length ?? 0;
    let interpretation = body.translationLanguages?.length ?? 0;
    if (body.meetingId) {
      const meeting = await ctx.request.server.live.meetings.owned(user.id, body.meetingId);
      recognition = Math.max(recognition, languagesOf(meeting.recognition_languages).length);
      interpretation = Math.max(interpretation, languagesOf(meeting.translation_languages).length);
    }
    if (!account.billing) return { enough: true, cost: 0, balance: null };
    const available = availableSeconds(account.rule, account.state, 'live');
    const enough = withinLanguageLimits(account.rule, { recognition, interpretation }) && available > 0;
    return { enough, cost: 0, balance: available };
  },
};
