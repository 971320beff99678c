// What a subtitle view shows, folded from the live socket's messages (pure, so tested directly).
// Finals replace the partial of their segment; a final seen twice (transcript + replay, or sent first
// without its translations and then completed) stays one line, the later one's content.
import type { LiveParticipant, LiveSubtitleLine } from '../../shared/contract/meeting';
import type { LiveFinalSubtitle, LiveServerMessage } from '../../streams/socket$';

export type SubtitleLine = LiveSubtitleLine;
export type Participant = LiveParticipant;

export interface SubtitleView {
  finals: SubtitleLine[];
  partials: SubtitleLine[];
  participants: Participant[];
  /** Projection screens connected now: shown apart, they are not participants. */
  screens: number;
}

export const emptyView = (): SubtitleView => ({ finals: [], partials: [], participants: [], screens: 0 });

const fromFinal = (final: LiveFinalSubtitle): SubtitleLine => ({
  segmentId: final.segmentId,
  startMs: final.startMs,
  endMs: final.endMs,
  text: final.text,
  translations: final.translations ?? {},
  translationErrors: final.translationErrors ?? {},
  final: true,
  ...(final.pending ? { pending: true } : {}),
  speakerIndex: final.speakerIndex ?? null,
  speaker: final.speaker ?? null,
});

function addFinals(view: SubtitleView, finals: LiveFinalSubtitle[], replace: boolean, live = false): SubtitleView {
  const byId = new Map((replace ? [] : view.finals).map((line) => [line.segmentId, line]));
  for (const final of finals) {
    const line = fromFinal(final);
    const shown = byId.get(final.segmentId);
    // A final completed after its early line carries the speaker's name of that moment: a rename
    // shown since (speaker.renamed) is newer. (A transcript reads the names as stored now.)
    if (live && shown && shown.speakerIndex === line.speakerIndex) line.speaker = shown.speaker ?? null;
    byId.set(final.segmentId, line);
  }
  const done = new Set(finals.map((final) => final.segmentId));
  return {
    ...view,
    finals: [...byId.values()].sort((a, b) => a.startMs - b.startMs),
    partials: view.partials.filter((line) => !done.has(line.segmentId)),
  };
}

export function applyLiveMessage(view: SubtitleView, message: LiveServerMessage): SubtitleView {
  switch (message.type) {
    case 'transcript':
      return addFinals(view, message.segments, message.reset);
    case 'subtitle.final':
      return addFinals(view, [message], false, true);
    case 'subtitle.partial': {
      if (view.finals.some((line) => line.segmentId === message.segmentId)) return view;
      const line: SubtitleLine = {
        segmentId: message.segmentId,
        startMs: message.startMs,
        endMs: message.endMs,
        text: message.text,
        translations: {},
        translationErrors: {},
        final: false,
      };
      return { ...view, partials: [...view.partials.filter((p) => p.segmentId !== message.segmentId), line] };
    }
    case 'participant.joined': {
      const others = view.participants.filter((p) => p.userId !== message.userId);
      const participant: Participant = {
        userId: message.userId,
        userName: message.userName,
        translationLanguage: message.translationLanguage ?? null,
        joinTime: message.joinTime,
        leaveTime: null,
      };
      return { ...view, participants: [...others, participant] };
    }
    // An ended meeting has no utterance in progress: its interim lines go.
    case 'meeting.state':
      return message.state === 'ended' && view.partials.length ? { ...view, partials: [] } : view;
    // The host named a speaker: every line of it shown so far reads the name (finals to come carry it).
    case 'speaker.renamed':
      return {
        ...view,
        finals: view.finals.map((line) => (line.speakerIndex === message.speakerIndex ? { ...line, speaker: message.name } : line)),
      };
    case 'screens.connected':
      return { ...view, screens: message.count };
    case 'participant.left':
      return {
        ...view,
        participants: view.participants.map((p) => (p.userId === message.userId ? { ...p, leaveTime: message.leaveTime } : p)),
      };
    default:
      return view;
  }
}

export const presentParticipants = (view: SubtitleView) => view.participants.filter((p) => p.leaveTime === null);

/** The speakers heard so far, in order of first appearance, with the host's name when given. */
export function speakersOf(finals: readonly SubtitleLine[]): { index: number; name: string | null }[] {
  const seen = new Map<number, string | null>();
  for (const line of finals) if (line.speakerIndex) seen.set(line.speakerIndex, line.speaker ?? null);
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([index, name]) => ({ index, name }));
}
