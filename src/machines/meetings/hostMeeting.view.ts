// What the host's page shows, derived without an actor: the meeting child's snapshot as one view
// (so the page reads one actor), the join link, and the cast screens as the host last set them.
import type { SnapshotFrom } from 'xstate';
import { DEFAULT_SUBTITLE_LOOK, type SubtitleLook } from '../../shared/contract/meeting';
import type { ScreenOperationRequest } from '../../api/meetings/screen-operation';
import type { Meeting, MeetingState } from '../../api/meetings/meeting-types';
import {
  selectMeetingBusy,
  selectMeetingStage,
  selectMeetingStatus,
  selectTranslationLanguages,
  type MeetingStage,
  type meetingMachine,
} from './meeting.machine';

/** What the page shows of the meeting child, kept here so the view reads one actor. */
export interface MeetingView {
  stage: MeetingStage;
  status: MeetingState;
  busy: boolean;
  meeting: Meeting | null;
  translationLanguages: string[];
  look: SubtitleLook;
  errorMessage: string | null;
  errorKey: string | null;
  elapsedBeforeMs: number;
  runningSinceMs: number | null;
}

/** A cast screen as the host last set it. */
export interface CastScreen {
  code: string;
  paused: boolean;
  /** '' = the original only; null = as the meeting's style says. */
  language: string | null;
  fontSize: number | null;
}

/** What the host changes on one screen. */
export type ScreenChange = { code: string } & (
  | { action: 'pause' | 'resume' | 'disconnect' }
  | { action: 'style'; translationLanguage?: string; fontSize?: number }
);

/** A screen after a change the server accepted (a disconnected one is gone). */
export function applyScreenChange(screens: readonly CastScreen[], change: ScreenOperationRequest): CastScreen[] {
  if (change.action === 'disconnect') return screens.filter((screen) => screen.code !== change.code);
  return screens.map((screen) => {
    if (screen.code !== change.code) return screen;
    if (change.action === 'pause' || change.action === 'resume') return { ...screen, paused: change.action === 'pause' };
    return {
      ...screen,
      ...(change.translationLanguage !== undefined ? { language: change.translationLanguage } : {}),
      ...(change.fontSize !== undefined ? { fontSize: change.fontSize } : {}),
    };
  });
}

type MeetingSnapshot = SnapshotFrom<typeof meetingMachine>;

export const INITIAL_VIEW: MeetingView = {
  stage: 'loading',
  status: 'not_started',
  busy: false,
  meeting: null,
  translationLanguages: [],
  look: DEFAULT_SUBTITLE_LOOK,
  errorMessage: null,
  errorKey: null,
  elapsedBeforeMs: 0,
  runningSinceMs: null,
};

export function viewOf(snapshot: MeetingSnapshot): MeetingView {
  const context = snapshot.context;
  if (!context?.config || typeof snapshot.matches !== 'function') return INITIAL_VIEW;
  return {
    stage: selectMeetingStage(snapshot),
    status: selectMeetingStatus(snapshot),
    busy: selectMeetingBusy(snapshot),
    meeting: context.meeting,
    translationLanguages: selectTranslationLanguages(snapshot),
    look: context.config.style,
    errorMessage: context.errorMessage,
    errorKey: context.errorKey,
    elapsedBeforeMs: context.elapsedBeforeMs,
    runningSinceMs: context.runningSinceMs,
  };
}

/** The join link: the meeting's shareUrl, or the join page of its id. */
export function shareLinkOf(meeting: Meeting | null, origin: string): string | null {
  if (!meeting?.id) return null;
  if (meeting.shareUrl) return new URL(meeting.shareUrl, origin).toString();
  return `${origin}/meetingShare?meetingId=${encodeURIComponent(meeting.id)}`;
}

/** The meeting's id when it has just got one with its name (created, or loaded). */
export const newlyNamed = (before: Meeting | null, after: Meeting | null) =>
  after?.id && after.name && (before?.id !== after.id || !before?.name) ? after.id : null;
export const changedStatus = (before: MeetingState, after: MeetingState) => (before === after ? null : after);
