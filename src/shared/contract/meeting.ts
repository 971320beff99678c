// Shapes of a live meeting that the contract fixes and both the views and the machines use: the
// four meeting states, how subtitles are shown (SubtitleStyle), and one subtitle line and one
// participant as the live socket's messages describe them.

export const MEETING_STATES = ['not_started', 'in_progress', 'paused', 'ended'] as const;
export type MeetingStatus = (typeof MEETING_STATES)[number];

/** SubtitleStyle.display of the contract. */
export const SUBTITLE_DISPLAYS = ['bilingual', 'original', 'translation'] as const;
export type SubtitleDisplay = (typeof SUBTITLE_DISPLAYS)[number];

/** The sizes the setup offers (within MEETING_SUBTITLE_FONT_MIN..MAX of limits.ts). */
export const SUBTITLE_FONT_SIZES = [16, 20, 24, 32, 40] as const;

/** How subtitles look: the shown part of the contract's SubtitleStyle. */
export interface SubtitleLook {
  fontSize: number;
  color: string;
  backgroundColor: string;
  display: SubtitleDisplay;
}

export const DEFAULT_SUBTITLE_LOOK: SubtitleLook = { fontSize: 24, color: '#ffffff', backgroundColor: '#1a1a2e', display: 'bilingual' };

/** The look of a meeting's stored SubtitleStyle (host, participants and cast screens all show it). */
export function lookOf(style: Partial<SubtitleLook> | null | undefined): SubtitleLook {
  const display = SUBTITLE_DISPLAYS.find((d) => d === style?.display);
  return {
    fontSize: style?.fontSize ?? DEFAULT_SUBTITLE_LOOK.fontSize,
    color: style?.color ?? DEFAULT_SUBTITLE_LOOK.color,
    backgroundColor: style?.backgroundColor ?? DEFAULT_SUBTITLE_LOOK.backgroundColor,
    display: display ?? DEFAULT_SUBTITLE_LOOK.display,
  };
}

/** One subtitle line: a final (with its translations) or the partial of a segment still spoken. */
export interface LiveSubtitleLine {
  segmentId: string;
  startMs: number;
  endMs: number;
  text: string;
  translations: Record<string, string>;
  translationErrors: Record<string, string>;
  final: boolean;
  /** A final sent before its speaker and translations: they come in a later final of the same segment, which replaces it. */
  pending?: boolean;
  /** Who spoke (1-based, live speaker turns); absent or null when not known. */
  speakerIndex?: number | null;
  /** The name the host gave that speaker; null: the default "Speaker N". */
  speaker?: string | null;
}

/** A participant of a live meeting (participant.joined / participant.left). */
export interface LiveParticipant {
  userId: string;
  userName: string;
  translationLanguage: string | null;
  joinTime: string;
  leaveTime: string | null;
}
