// Meeting setup rules (features §5): up to 10 recognition languages, 1 to 4 translation languages,
// terms accepted before the meeting is created. Pure, shared by the machine's guards and the form.
import { MeetingLanguages } from '../../shared/contract/meeting-languages';
import {
  servedDefault,
  servedTarget,
  servingEngines,
  targetUnavailability,
  unavailabilityOf,
  type ServedLanguage,
  type ServingEngine,
  type Unavailability,
} from '../../shared/contract/language-availability';
import { DEFAULT_SUBTITLE_LOOK, type SubtitleLook } from '../../shared/contract/meeting';
import type { SubtitleStyle } from '../../api/meetings/meeting-types';

export type MeetingStyle = SubtitleLook;

export interface MeetingConfig {
  name: string;
  recognitionLanguages: string[];
  translationLanguages: string[];
  style: MeetingStyle;
  termsAccepted: boolean;
  /** Vocabulary libraries the meeting uses (SVIP; the server applies only the caller's own). */
  documentIds?: string[];
}

export const DEFAULT_MEETING_CONFIG: MeetingConfig = {
  name: '',
  recognitionLanguages: [...MeetingLanguages.defaults.recognition],
  translationLanguages: [...MeetingLanguages.defaults.translation],
  style: DEFAULT_SUBTITLE_LOOK,
  termsAccepted: false,
};

export type SetupProblem = 'needRecognition' | 'tooManyRecognition' | 'needTranslation' | 'tooManyTranslation' | 'termsRequired';

export function setupProblems(config: MeetingConfig): SetupProblem[] {
  const problems: SetupProblem[] = new MeetingLanguages(config.recognitionLanguages, config.translationLanguages).problems();
  if (!config.termsAccepted) problems.push('termsRequired');
  return problems;
}

/** Adds or removes a language; refuses to go past the maximum or below the minimum. */
export function toggleLanguage(selected: string[], code: string, min: number, max: number): string[] {
  if (selected.includes(code)) return selected.length > min ? selected.filter((c) => c !== code) : selected;
  return selected.length < max ? [...selected, code] : selected;
}

export const toggleRecognition = (config: MeetingConfig, code: string): MeetingConfig => ({
  ...config,
  recognitionLanguages: toggleLanguage(config.recognitionLanguages, code, MeetingLanguages.recognitionMin, MeetingLanguages.recognitionMax),
});

export const toggleTranslation = (config: MeetingConfig, code: string): MeetingConfig => ({
  ...config,
  translationLanguages: toggleLanguage(
    config.translationLanguages,
    code,
    MeetingLanguages.translationMin,
    MeetingLanguages.translationMax,
  ),
});

export function toSubtitleStyle(style: MeetingStyle): SubtitleStyle {
  // Subtitles sit at the bottom, two lines at once, as on the cast screen.
  return { fontSize: style.fontSize, color: style.color, backgroundColor: style.backgroundColor, display: style.display, position: 'bottom', lines: 2 };
}

/** The languages of this server's catalogue with whether each can be served (features §5 pickers). */
export interface ServedLanguages {
  recognition: ServedLanguage[];
  translation: ServedLanguage[];
}

/** Recognition languages this server cannot recognise, with why. */
export function recognitionUnavailable(served: ServedLanguages | undefined): Record<string, Unavailability> {
  const out: Record<string, Unavailability> = {};
  for (const item of served?.recognition ?? []) {
    const why = unavailabilityOf(item);
    if (why) out[item.code] = why;
  }
  return out;
}

/** Subtitle languages no engine translates into from every chosen spoken language, with why. */
export function translationUnavailable(served: ServedLanguages | undefined, spoken: readonly string[]): Record<string, Unavailability> {
  const out: Record<string, Unavailability> = {};
  for (const item of served?.translation ?? []) {
    const why = targetUnavailability(item, spoken);
    if (why) out[item.code] = why;
  }
  return out;
}

/** The engine each recognisable language goes to ("zh-CN": Vosk server), for the chips to name. */
export function recognitionEngines(served: ServedLanguages | undefined): Record<string, ServingEngine[]> {
  const out: Record<string, ServingEngine[]> = {};
  for (const item of served?.recognition ?? []) {
    const engines = servingEngines(item);
    if (engines.length) out[item.code] = engines;
  }
  return out;
}

/** The engines that translate the chosen spoken languages into each subtitle language. */
export function translationEngines(served: ServedLanguages | undefined, spoken: readonly string[]): Record<string, ServingEngine[]> {
  const out: Record<string, ServingEngine[]> = {};
  for (const item of served?.translation ?? []) {
    const engines = targetUnavailability(item, spoken) ? [] : servingEngines(item, spoken);
    if (engines.length) out[item.code] = engines;
  }
  return out;
}

/**
 * Keeps only what this server serves: unservable languages leave the selection, and an emptied one
 * falls back to the first served choice (en-US → es-ES on the embedded engines). Nothing served at
 * all leaves the config as it was, for the server to refuse with its reason.
 */
export function servedConfig(config: MeetingConfig, served: ServedLanguages): MeetingConfig {
  const unrecognised = recognitionUnavailable(served);
  let recognitionLanguages = config.recognitionLanguages.filter((code) => !unrecognised[code]);
  if (recognitionLanguages.length === 0) recognitionLanguages = [servedDefault(served.recognition, config.recognitionLanguages[0] ?? 'en-US')];
  const untranslated = translationUnavailable(served, recognitionLanguages);
  let translationLanguages = config.translationLanguages.filter((code) => !untranslated[code]);
  if (translationLanguages.length === 0) {
    const target = servedTarget(served.translation, config.translationLanguages[0] ?? '', recognitionLanguages);
    translationLanguages = target ? [target] : config.translationLanguages;
  }
  return { ...config, recognitionLanguages, translationLanguages };
}
