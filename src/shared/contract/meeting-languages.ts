// The language rules of a live meeting (features §5), one value for the client's machines and the
// server's meetings domain and live sockets: which languages are recognised and translated, how many
// of each a meeting may have (the contract's RecognitionLanguages / InterpretationLanguages, checked
// against openapi.yaml by contract-constants.test.ts), whether a translation language is offered and
// which one a reader gets when they have not chosen. Before this value, "is this translation language
// offered?" was answered by four hand-written lookups that did not agree on letter case.
import {
  MEETING_RECOGNITION_LANGUAGES_MAX,
  MEETING_TRANSLATION_LANGUAGES_MAX,
  MEETING_TRANSLATION_LANGUAGES_MIN,
} from './limits';

/** What a meeting's language lists break, in the order a form reports it. */
export type MeetingLanguageProblem = 'needRecognition' | 'tooManyRecognition' | 'needTranslation' | 'tooManyTranslation';

/** The recogniser a meeting uses when it names none (the embedded engine's language). */
export const FALLBACK_RECOGNITION_LANGUAGE = 'en-US';

/**
 * Whether a reader of `reading` needs no translation of speech in `spoken`: the same language, so a
 * "translation" would repeat the line. Tags compare by their primary subtag (en-GB reads en-US speech),
 * except Chinese, whose region stands for its script (zh-TW readers of zh-CN speech get Traditional).
 */
export function readsSpokenLanguage(spoken: string, reading: string): boolean {
  const a = spoken.toLowerCase();
  const b = reading.toLowerCase();
  if (a === b) return true;
  const primary = (tag: string) => tag.split('-')[0] ?? tag;
  return primary(a) === primary(b) && primary(a) !== 'zh';
}

export class MeetingLanguages {
  static readonly recognitionMin = 1;
  static readonly recognitionMax = MEETING_RECOGNITION_LANGUAGES_MAX;
  static readonly translationMin = MEETING_TRANSLATION_LANGUAGES_MIN;
  static readonly translationMax = MEETING_TRANSLATION_LANGUAGES_MAX;
  /** What a new meeting's setup starts with. */
  static readonly defaults = new MeetingLanguages(['en-US'], ['zh-CN']);

  constructor(
    readonly recognition: readonly string[],
    readonly translation: readonly string[],
  ) {}

  /** The languages of a meeting as the contract sends it (Meeting, MeetingShareRecord, join views). */
  static of(meeting: { recognitionLanguages?: readonly string[] | undefined; translationLanguages: readonly string[] }): MeetingLanguages {
    return new MeetingLanguages(meeting.recognitionLanguages ?? [], meeting.translationLanguages);
  }

  /** The language the recogniser listens for: the meeting's first. */
  get spoken(): string {
    return this.recognition[0] ?? FALLBACK_RECOGNITION_LANGUAGE;
  }

  /** The translation a reader gets without choosing one: the meeting's first ('' when it has none). */
  get defaultTranslation(): string {
    return this.translation[0] ?? '';
  }

  /**
   * The meeting's own spelling of a translation language it offers (letter case aside, as BCP 47 tags
   * compare), or undefined when it does not offer it. Subscribing with the meeting's spelling makes a
   * reader receive exactly the translations the meeting produces.
   */
  offered(language: string): string | undefined {
    const wanted = language.toLowerCase();
    return this.translation.find((code) => code.toLowerCase() === wanted);
  }

  offers(language: string): boolean {
    return this.offered(language) !== undefined;
  }

  /** The wanted language when offered (in the meeting's spelling), else the default. */
  choose(wanted: string | null | undefined): string {
    return (wanted ? this.offered(wanted) : undefined) ?? this.defaultTranslation;
  }

  /** The product's bounds on both lists (the tier's lower limits are checked apart). */
  problems(): MeetingLanguageProblem[] {
    return MeetingLanguages.problemsOf(this.recognition, this.translation);
  }

  /**
   * The bounds of the lists given; an absent list is not checked (an update that leaves it as it
   * was). Recognition may be empty only when absent.
   */
  static problemsOf(recognition: readonly string[] | undefined, translation: readonly string[] | undefined): MeetingLanguageProblem[] {
    const problems: MeetingLanguageProblem[] = [];
    if (recognition && recognition.length < MeetingLanguages.recognitionMin) problems.push('needRecognition');
    if (recognition && recognition.length > MeetingLanguages.recognitionMax) problems.push('tooManyRecognition');
    if (translation && translation.length < MeetingLanguages.translationMin) problems.push('needTranslation');
    if (translation && translation.length > MeetingLanguages.translationMax) problems.push('tooManyTranslation');
    return problems;
  }
}
