// Where one voice-over run keeps its files (dub_iterations.outputs, JSON): blob names in the owner's
// container (containerOf(userId)), under dubOutputPrefix. The job writes them, the editor, downloads,
// media and peaks read them, and the 7-day sweeper deletes them (features §4: voice-over and composite
// videos are kept 7 days; lines and subtitles stay).
export interface DubOutputs {
  /** The mp4 with the dubbed audio (video stream copied), no burnt-in subtitles. */
  video: string;
  /** Dubbed voices mixed with the kept background. */
  dubbedAudio: string;
  /** Dubbed voices only: a re-voice copies unchanged lines from it. */
  dubbedSpeech: string;
  perSpeaker: { speaker: number; blob: string }[];
  srt: { source: string; translation: string; bilingual: string };
}

export function dubOutputPrefix(taskId: string, lang: string, iteration: number): string {
  return `dub/${taskId}/${lang}/${iteration}`;
}

export function parseDubOutputs(json: string | null): DubOutputs | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as DubOutputs;
    return typeof value?.video === 'string' && typeof value.dubbedSpeech === 'string' ? value : null;
  } catch {
    return null;
  }
}
