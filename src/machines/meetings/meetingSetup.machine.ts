// Setting a meeting up (features §5): the language catalogue loads (a fixed list stands in when the
// call fails or answers nothing), the host picks recognition and translation languages within the
// rules, the name and the subtitle look, accepts the terms and submits. A valid submit ends the
// machine with the config (and the loaded languages, so a failed create comes back without reloading).
import { assign, fromPromise, setup } from 'xstate';
import type { SubtitleLook } from '../../shared/contract/meeting';
import { MeetingLanguages } from '../../shared/contract/meeting-languages';
import { takeMeetingLanguages } from '../../api/meetings/select-language';
import {
  DEFAULT_MEETING_CONFIG,
  recognitionEngines,
  recognitionUnavailable,
  servedConfig,
  setupProblems,
  toggleRecognition,
  toggleTranslation,
  translationEngines,
  translationUnavailable,
  type MeetingConfig,
  type ServedLanguages,
} from './meetingSetup.rules';

/** The /meeting page starts the catalogue read when its code runs; the first load takes it. */
export { prefetchMeetingLanguages } from '../../api/meetings/select-language';

// Offered when the language call fails, so setup still works without the catalogue.
export const FALLBACK_RECOGNITION = ['en-US', 'zh-CN', 'zh-TW', 'es-ES', 'fr-FR', 'de-DE', 'ja-JP', 'ko-KR'];
export const FALLBACK_TRANSLATION = ['es-ES', 'zh-CN', 'zh-TW', 'en-US', 'fr-FR', 'de-DE', 'ja-JP', 'ko-KR'];

export interface LanguageCodes {
  recognition: string[];
  translation: string[];
  /** What this server can serve of them (absent for the fixed list: nothing is known, all offered). */
  served?: ServedLanguages;
}

export interface MeetingSetupInput {
  config?: MeetingConfig;
  /** Languages loaded before (back from a failed create): no second load. */
  languages?: LanguageCodes;
}

export interface MeetingSetupOutput {
  config: MeetingConfig;
  languages: LanguageCodes;
}

export interface MeetingSetupContext {
  config: MeetingConfig;
  languages: LanguageCodes;
  /** The fixed list is shown (the catalogue failed or was empty). */
  fallback: boolean;
  /**
   * How many languages the user's plan allows per meeting (the permissions answer: recognitionCount,
   * translateCount), re-read after a purchase; null until known. Shown, not enforced here: choosing
   * more is the server's refusal (92505003), which opens the purchase dialog.
   */
  allowed: AllowedLanguages | null;
}

export interface AllowedLanguages {
  recognition: number;
  translation: number;
}

export type MeetingSetupEvent =
  | { type: 'setup.rename'; name: string }
  | { type: 'setup.toggleRecognition'; code: string }
  | { type: 'setup.toggleTranslation'; code: string }
  | { type: 'setup.restyle'; style: Partial<SubtitleLook> }
  | { type: 'setup.acceptTerms' }
  | { type: 'setup.pickLibraries'; documentIds: string[] }
  | { type: 'setup.submit' }
  | { type: 'setup.allowed'; allowed: AllowedLanguages | null };

const FALLBACK: LanguageCodes = { recognition: FALLBACK_RECOGNITION, translation: FALLBACK_TRANSLATION };

export const meetingSetupMachine = setup({
  types: {
    context: {} as MeetingSetupContext,
    events: {} as MeetingSetupEvent,
    input: {} as MeetingSetupInput,
    output: {} as MeetingSetupOutput,
  },
  actors: {
    // The catalogue call needs no input; the draft is passed so test doubles can answer by scenario.
    loadLanguages: fromPromise<LanguageCodes, { draft: MeetingConfig }>(async () => {
      const lists = await takeMeetingLanguages();
      return {
        recognition: lists.transcribeLanguage.map((l) => l.code),
        translation: lists.translation.map((l) => l.code),
        served: { recognition: lists.transcribeLanguage, translation: lists.translation },
      };
    }),
  },
  actions: {
    adoptLanguages: assign(({ context }, loaded: LanguageCodes) => {
      const fallback = loaded.recognition.length === 0 || loaded.translation.length === 0;
      return {
        languages: {
          recognition: loaded.recognition.length ? loaded.recognition : FALLBACK_RECOGNITION,
          translation: loaded.translation.length ? loaded.translation : FALLBACK_TRANSLATION,
          ...(loaded.served && !fallback ? { served: loaded.served } : {}),
        },
        fallback,
        // The defaults (en-US → zh-CN) become what this server serves (en-US → es-ES on the embedded engines).
        config: loaded.served && !fallback ? servedConfig(context.config, loaded.served) : context.config,
      };
    }),
    rename: assign({ config: ({ context, event }) => (event.type === 'setup.rename' ? { ...context.config, name: event.name } : context.config) }),
    // A language this server cannot serve is not added (its chip is disabled; removing stays possible).
    toggleRecognition: assign({
      config: ({ context, event }) => {
        if (event.type !== 'setup.toggleRecognition') return context.config;
        const adding = !context.config.recognitionLanguages.includes(event.code);
        if (adding && recognitionUnavailable(context.languages.served)[event.code]) return context.config;
        return toggleRecognition(context.config, event.code);
      },
    }),
    toggleTranslation: assign({
      config: ({ context, event }) => {
        if (event.type !== 'setup.toggleTranslation') return context.config;
        const adding = !context.config.translationLanguages.includes(event.code);
        if (adding && translationUnavailable(context.languages.served, context.config.recognitionLanguages)[event.code]) return context.config;
        return toggleTranslation(context.config, event.code);
      },
    }),
    restyle: assign({
      config: ({ context, event }) =>
        event.type === 'setup.restyle' ? { ...context.config, style: { ...context.config.style, ...event.style } } : context.config,
    }),
    acceptTerms: assign({ config: ({ context }) => ({ ...context.config, termsAccepted: true }) }),
    pickLibraries: assign({
      config: ({ context, event }) => (event.type === 'setup.pickLibraries' ? { ...context.config, documentIds: [...event.documentIds] } : context.config),
    }),
  },
  guards: {
    languagesGiven: ({ context }) => context.languages.recognition.length > 0,
    valid: ({ context }) => setupProblems(context.config).length === 0,
  },
}).createMachine({
  id: 'meetingSetup',
  context: ({ input }) => ({
    config: input.config ?? DEFAULT_MEETING_CONFIG,
    languages: input.languages ?? { recognition: [], translation: [] },
    fallback: false,
    allowed: null,
  }),
  initial: 'deciding',
  // The form is usable while the catalogue loads (with the fixed list).
  on: {
    'setup.rename': { actions: 'rename' },
    'setup.toggleRecognition': { actions: 'toggleRecognition' },
    'setup.toggleTranslation': { actions: 'toggleTranslation' },
    'setup.restyle': { actions: 'restyle' },
    'setup.acceptTerms': { actions: 'acceptTerms' },
    'setup.allowed': { actions: assign({ allowed: ({ event }) => event.allowed }) },
    'setup.pickLibraries': { actions: 'pickLibraries' },
    'setup.submit': { guard: 'valid', target: '.submitted' },
  },
  states: {
    deciding: { always: [{ guard: 'languagesGiven', target: 'editing' }, { target: 'loading' }] },
    loading: {
      invoke: {
        src: 'loadLanguages',
        id: 'loadLanguages',
        input: ({ context }) => ({ draft: context.config }),
        onDone: { target: 'editing', actions: { type: 'adoptLanguages', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: assign({ languages: FALLBACK, fallback: true }) },
      },
    },
    editing: {},
    submitted: { type: 'final' },
  },
  output: ({ context }) => ({ config: context.config, languages: context.languages }),
});

type Snapshot = { context: MeetingSetupContext; matches(value: unknown): boolean };
export const selectSetupConfig = (snapshot: Snapshot) => snapshot.context.config;
/** The plan's languages per meeting (null: not known yet). */
export const selectAllowedLanguages = (snapshot: Snapshot) => snapshot.context.allowed;
/** Whether a higher plan allows more languages per meeting than this one (SVIP has the product's most: no). */
export const higherPlanAllowsMore = (allowed: AllowedLanguages) =>
  allowed.recognition < MeetingLanguages.recognitionMax || allowed.translation < MeetingLanguages.translationMax;
export const selectHigherPlanAllowsMore = (snapshot: Snapshot) => (snapshot.context.allowed ? higherPlanAllowsMore(snapshot.context.allowed) : false);
/** The permissions answer as the setup reads it. */
export function allowedFromPermissions(permissions: { recognitionCount?: number; translateCount?: number } | null | undefined): AllowedLanguages | null {
  if (!permissions || permissions.recognitionCount === undefined || permissions.translateCount === undefined) return null;
  return { recognition: permissions.recognitionCount, translation: permissions.translateCount };
}
/** While loading, the fixed list stands in. */
export const selectRecognitionCodes = (snapshot: Snapshot) =>
  snapshot.context.languages.recognition.length ? snapshot.context.languages.recognition : FALLBACK_RECOGNITION;
export const selectTranslationCodes = (snapshot: Snapshot) =>
  snapshot.context.languages.translation.length ? snapshot.context.languages.translation : FALLBACK_TRANSLATION;
/** Recognition languages this server cannot serve, with the reason and setting (shown disabled). */
export const selectRecognitionUnavailable = (snapshot: Snapshot) => recognitionUnavailable(snapshot.context.languages.served);
/** Subtitle languages with no engine from the chosen spoken languages (shown disabled). */
export const selectTranslationUnavailable = (snapshot: Snapshot) =>
  translationUnavailable(snapshot.context.languages.served, snapshot.context.config.recognitionLanguages);
/** The engines serving each recognition language, and each subtitle language from the spoken ones. */
export const selectRecognitionEngines = (snapshot: Snapshot) => recognitionEngines(snapshot.context.languages.served);
export const selectTranslationEngines = (snapshot: Snapshot) =>
  translationEngines(snapshot.context.languages.served, snapshot.context.config.recognitionLanguages);
/** Equality for the maps above, so a re-render happens only when what is unavailable changes. */
export const sameUnavailable = (a: Record<string, unknown>, b: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(b);
/** Problems that block the start; the terms are asked for by the form's dialog instead. */
export const selectBlockingProblems = (snapshot: Snapshot) => setupProblems(snapshot.context.config).filter((problem) => problem !== 'termsRequired');
export const selectLanguagesLoading = (snapshot: Snapshot) => snapshot.matches('loading') || snapshot.matches('deciding');
