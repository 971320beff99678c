// Meeting calls (features §7 "Meetings and sharing"): create, stop (also the repair of a meeting
// left paused), edit (incl. share status), read, the participants' read and export after the meeting,
// list, join records, cast codes and presets, and the meeting entitlement check. Each handler reads
// the request, calls the meetings domain (server/src/domain/meetings: the service, its rights
// checks, the vocabulary's effect on views) and shapes the reply. The live side is server/src/live.
import { createMeetingRights } from '../domain/meetings/meeting-rights';
import { castControlMessage } from '../domain/meetings/meeting-screens';
import { readMeetingShare } from '../domain/meetings/meeting-share-read';
import { sharedMeeting } from '../domain/meetings/meeting-share-access';
import { exportMeetingShare } from '../domain/meetings/meeting-share-record';
import { createMeetingVocabulary } from '../domain/meetings/meeting-vocabulary';
import { screenPresetView, SCREEN_PRESETS } from '../domain/meetings/screen-presets';
import { LiveSocketError } from '../live/live-errors';
import { timeZoneHint } from './time-zone-hint';
import { sendFile } from './transcript';
import { requireBody, requireUser, type HandlerContext, type HandlerMap, type OperationId } from './types';

/** The meetings domain as one call sees it: the service and hub, and the checks and views built on the app's services. */
function meetingsOf(ctx: Pick<HandlerContext<OperationId>, 'services' | 'request'>) {
  const { meetings, liveHub: hub } = ctx.services;
  const { entitlements, engines, vocabularyInForce } = ctx.services;
  return { meetings, hub, rights: createMeetingRights({ entitlements, engines, meetings }), vocabulary: createMeetingVocabulary(vocabularyInForce) };
}

export const meetingsHandlers: HandlerMap = {
  async meetingsCreate(ctx) {
    const user = requireUser(ctx);
    const { meetings, rights, vocabulary } = meetingsOf(ctx);
    const body = requireBody(ctx.body);
    const { mayInvite } = await rights.admitNewMeeting(user, body, timeZoneHint(ctx.request));
    const date = ctx.services.clock.now().toISOString().slice(0, 16).replace('T', ' ');
    const row = await meetings.create(user, body, ctx.t('live:defaultName', { date }));
    if (body.documentIds?.length) await ctx.services.vocabularyInForce.setMeetingLibraries(row.id, body.documentIds);
    // The host usually joins within seconds: the recogniser's model loads meanwhile, not on the first words.
    ctx.services.engines.prepareRecognition(body.recognitionLanguages[0] ?? 'en-US');
    return vocabulary.withVocabularies(row, user.id, await meetings.view(row, user.id, { mayInvite }));
  },
  async meetingsStopMeeting(ctx) {
    const user = requireUser(ctx);
    const { meetings, hub } = meetingsOf(ctx);
    const row = await meetings.owned(user.id, requireBody(ctx.body).id);
    await hub.stop(row.id);
    // Read back after stopping: the hub writes the final state and duration as it closes the recording.
    return meetings.view(await meetings.owned(user.id, row.id), user.id);
  },
  async meetingsEdit(ctx) {
    const user = requireUser(ctx);
    const { meetings, hub, rights, vocabulary } = meetingsOf(ctx);
    const body = requireBody(ctx.body);
    await rights.admitEdit(user, body);
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
    return vocabulary.withVocabularies(row, user.id, await meetings.view(row, user.id));
  },
  async meetingsInvite(ctx) {
    const user = requireUser(ctx);
    const { meetings, hub, rights } = meetingsOf(ctx);
    await rights.requireFeature(user, 'inviteMeeting');
    const body = requireBody(ctx.body);
    const row = await meetings.invite(user.id, body.meetingId, body.expiry, body.renew ?? false);
    // A renewed link (or a shorter expiry) applies to those already in at once, not at the next check.
    await hub.recheckInvites(row.id);
    return meetings.view(row, user.id);
  },
  async meetingsOpenInvite(ctx) {
    const { meetings } = meetingsOf(ctx);
    const viewerId = ctx.user?.id ?? null;
    const row = await meetings.invited(ctx.query.code);
    return meetingsOf(ctx).vocabulary.maskedName(row, viewerId, await meetings.view(row, viewerId));
  },
  async meetingsGetMeeting(ctx) {
    const { meetings, vocabulary } = meetingsOf(ctx);
    const viewerId = ctx.user?.id ?? null;
    const row = await meetings.readable(ctx.query.id, viewerId);
    return vocabulary.withVocabularies(row, viewerId, await meetings.view(row, viewerId));
  },
  async meetingsShareRecord(ctx) {
    const { vocabulary } = meetingsOf(ctx);
    const { summaries, mediaStore } = ctx.services;
    return readMeetingShare({ db: ctx.request.server.db, summaries, mediaStore, maskFor: vocabulary.maskFor }, ctx.query.meetingId, ctx.user?.id ?? null);
  },
  async meetingsShareExport(ctx) {
    const { vocabulary } = meetingsOf(ctx);
    const { meetingId, ...request } = ctx.query;
    const meeting = await sharedMeeting(ctx.request.server.db, meetingId, ctx.user?.id ?? null);
    // Stale translations are spoken of in the reader's language, as in recordsExport.
    const say = ctx.t;
    const file = await exportMeetingShare(
      ctx.request.server.db,
      meeting,
      request,
      {
        mark: say('transcripts:staleTranslationMark'),
        markedNote: (count) => say('transcripts:staleTranslationsNote', { count }),
        leftOutNote: (count) => say('transcripts:staleTranslationsLeftOut', { count }),
      },
      await vocabulary.maskFor(meeting, ctx.user?.id ?? null),
    );
    return sendFile(ctx.reply, file);
  },
  async meetingsGetMeetingList(ctx) {
    const user = requireUser(ctx);
    const { meetings } = meetingsOf(ctx);
    const { rows, total } = await meetings.list(user.id, ctx.query?.pageNum, ctx.query?.pageSize);
    return { total, rows: await Promise.all(rows.map((row) => meetings.view(row, user.id))) };
  },
  async meetingsJoinRecord(ctx) {
    const user = requireUser(ctx);
    return meetingsOf(ctx).meetings.joins(user.id, ctx.query.meetingId, ctx.query.pageNum, ctx.query.pageSize);
  },
  async meetingsCreateScreenCode(ctx) {
    const user = requireUser(ctx);
    const { meetings, rights } = meetingsOf(ctx);
    await rights.requireFeature(user, 'screenCasting');
    return meetings.createScreenCode(user.id, requireBody(ctx.body).meetingId);
  },
  async meetingsGetNetworkLink(ctx) {
    return meetingsOf(ctx).meetings.networkLink(ctx.query.shortCode);
  },
  async meetingsScreenOperation(ctx) {
    const user = requireUser(ctx);
    const { meetings, hub, rights } = meetingsOf(ctx);
    await rights.requireFeature(user, 'screenCasting');
    const body = requireBody(ctx.body);
    const meeting = await meetings.screenOperation(user.id, body.meetingId, body);
    await hub.publish(meeting.id, castControlMessage(meeting, body, (key) => ctx.t(key)));
    return null;
  },
  async meetingsRenameSpeaker(ctx) {
    const user = requireUser(ctx);
    const { meetings, hub } = meetingsOf(ctx);
    const body = requireBody(ctx.body);
    const { meeting, name } = await meetings.renameSpeaker(user.id, body.id, body.speakerIndex, body.name);
    // Everyone connected relabels the lines shown; finals to come carry the name themselves.
    await hub.publish(meeting.id, { type: 'speaker.renamed', speakerIndex: body.speakerIndex, name });
    return null;
  },
  async meetingsGetScreenPresets(ctx) {
    return SCREEN_PRESETS.map((preset) => screenPresetView(preset, (key) => ctx.t(key)));
  },
  async purchaseMeetingRightsJudge(ctx) {
    const user = requireUser(ctx);
    // Unchecked call (no message shown): the answer says whether a meeting may start or go on now.
    return meetingsOf(ctx).rights.judge(user, ctx.body ?? {}, timeZoneHint(ctx.request));
  },
};
