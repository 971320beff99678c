// What a user may do with meetings, checked before anything is written: the product's language
// bounds (400), an engine for every language and pair, the tier's language limits and SVIP
// features (92505003 opens the purchase dialog), and live time left (92505001 / 92505000).
// The handlers call these and translate the answers; the order of the checks is the order the
// user is told of refusals.
import type { UserRow } from '../../db/schema';
import type { Engines } from '../../engines/registry';
import { entitlementRefusal, type Entitlements } from '../entitlements/entitlements-service';
import { availableSeconds, NO_SUCH_RIGHT } from '../entitlements/metering';
import { meetingPairs, refuseWithoutEngines } from '../records/engine-refusals';
import { checkLanguages } from './meeting-lifecycle';
import { mayUseMeetingFeature, requireMeetingFeature, withinLanguageLimits, type SvipMeetingFeature } from './meeting-permissions';
import type { MeetingStore } from './meeting-store';
import { languagesOf } from './meeting-view';

export interface MeetingRightsDeps {
  entitlements: Entitlements;
  engines: Pick<Engines, 'recognizerFor' | 'translatorFor'>;
  /** The owner's read of a meeting (the meetings service's `owned`). */
  meetings: Pick<MeetingStore, 'owned'>;
}

export interface NewMeetingAsk {
  recognitionLanguages: string[];
  translationLanguages?: string[];
  documentIds?: readonly string[];
}

export interface MeetingEditAsk {
  id: string;
  translationLanguages?: string[];
  inviteStatus?: '0' | '1';
  documentIds?: readonly string[];
}

export interface RightsJudgeAsk {
  meetingId?: string;
  recognitionLanguages?: readonly string[];
  translationLanguages?: readonly string[];
}

export function createMeetingRights({ entitlements, engines, meetings }: MeetingRightsDeps) {
  /** Picking libraries for a meeting is SVIP (92505003 opens the purchase dialog); an empty pick is always allowed. */
  async function requireVocabularyFeature(user: UserRow, documentIds: readonly string[] | undefined): Promise<void> {
    if (!documentIds?.length) return;
    const { rule } = await entitlements.account(user);
    if (user.is_visitor || !rule.features.vocabulary) throw entitlementRefusal(NO_SUCH_RIGHT);
  }

  return {
    requireVocabularyFeature,

    /** Whether `user` may use an SVIP feature (invitations, screen casting) on their meetings; throws if not. */
    requireFeature: (user: UserRow, feature: SvipMeetingFeature) => requireMeetingFeature(entitlements, user, feature),

    /**
     * Before the meeting exists: engines for its languages, the product's bounds, some live time left
     * and languages within the tier, and the vocabulary feature when libraries are picked. Answers
     * whether the host may invite, read on the way so the new meeting's view does not read it again.
     */
    async admitNewMeeting(user: UserRow, ask: NewMeetingAsk, zoneHint: string | null): Promise<{ mayInvite: boolean }> {
      refuseWithoutEngines(engines, {
        recognise: ask.recognitionLanguages,
        translate: meetingPairs(ask.recognitionLanguages, ask.translationLanguages ?? []),
      });
      checkLanguages(ask.recognitionLanguages, ask.translationLanguages ?? []);
      const account = await entitlements.requireSomeTime(user, 'live', zoneHint);
      if (!withinLanguageLimits(account.rule, { recognition: ask.recognitionLanguages.length, interpretation: ask.translationLanguages?.length ?? 0 })) {
        throw entitlementRefusal(NO_SUCH_RIGHT);
      }
      await requireVocabularyFeature(user, ask.documentIds);
      return { mayInvite: mayUseMeetingFeature(user, account.rule, 'inviteMeeting') };
    },

    /** An edit's rights: opening the invitation is SVIP; new translation languages within bounds, tier and engines. */
    async admitEdit(user: UserRow, ask: MeetingEditAsk): Promise<void> {
      if (ask.inviteStatus === '1') await requireMeetingFeature(entitlements, user, 'inviteMeeting');
      if (ask.translationLanguages) {
        checkLanguages(undefined, ask.translationLanguages);
        const { rule } = await entitlements.account(user);
        if (!withinLanguageLimits(rule, { interpretation: ask.translationLanguages.length })) throw entitlementRefusal(NO_SUCH_RIGHT);
        const current = await meetings.owned(user.id, ask.id);
        refuseWithoutEngines(engines, { translate: meetingPairs(languagesOf(current.recognition_languages), ask.translationLanguages) });
      }
      await requireVocabularyFeature(user, ask.documentIds);
    },

    /**
     * Whether a meeting may start or go on now (no refusal thrown: the answer says so). With a
     * meeting, its own language counts apply when larger than those asked about.
     */
    async judge(user: UserRow, ask: RightsJudgeAsk, zoneHint: string | null) {
      const account = await entitlements.account(user, zoneHint);
      let recognition = ask.recognitionLanguages?.length ?? 0;
      let interpretation = ask.translationLanguages?.length ?? 0;
      if (ask.meetingId) {
        const meeting = await meetings.owned(user.id, ask.meetingId);
        recognition = Math.max(recognition, languagesOf(meeting.recognition_languages).length);
        interpretation = Math.max(interpretation, languagesOf(meeting.translation_languages).length);
      }
      if (!account.billing) return { enough: true, cost: 0, balance: null };
      const available = availableSeconds(account.rule, account.state, 'live');
      const enough = withinLanguageLimits(account.rule, { recognition, interpretation }) && available > 0;
      return { enough, cost: 0, balance: available };
    },
  };
}

export type MeetingRights = ReturnType<typeof createMeetingRights>;
