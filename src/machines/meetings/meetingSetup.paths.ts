// Path model of the meeting setup: the catalogue double answers two languages each way, except for
// a draft named "Offline" (the call fails: the fixed list stands in) and "Empty" (an empty
// catalogue: the fixed list too). A third start comes back from a failed create with its
// languages, so nothing loads.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { DEFAULT_MEETING_CONFIG, type MeetingConfig } from './meetingSetup.rules';
import { meetingSetupMachine, type LanguageCodes, type MeetingSetupContext } from './meetingSetup.machine';

export const CATALOGUE: LanguageCodes = { recognition: ['en-US', 'zh-CN'], translation: ['es-ES', 'zh-CN'] };
const OFFLINE = new Error('offline');
const scenario = (draft: MeetingConfig) => (draft.name === 'Offline' ? 'offline' : draft.name === 'Empty' ? 'empty' : 'ok');

export const meetingSetupDoubles = {
  loadLanguages: fromPromise<LanguageCodes, { draft: MeetingConfig }>(async ({ input }) => {
    if (scenario(input.draft) === 'offline') throw OFFLINE;
    return scenario(input.draft) === 'empty' ? { recognition: [], translation: [] } : CATALOGUE;
  }),
};

const draftOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as MeetingSetupContext).config;

export const pathsModel: PathsModel = {
  name: 'meetingSetup',
  machine: meetingSetupMachine.provide({ actors: meetingSetupDoubles }),
  inputs: [
    {},
    { config: { ...DEFAULT_MEETING_CONFIG, name: 'Offline' } },
    { config: { ...DEFAULT_MEETING_CONFIG, name: 'Empty' } },
    { config: { ...DEFAULT_MEETING_CONFIG, termsAccepted: true }, languages: CATALOGUE },
  ],
  // Name and look never change what the form allows, so they are left out of the state.
  serializeContext: (context: MeetingSetupContext) => ({
    recognition: context.config.recognitionLanguages.length,
    translation: context.config.translationLanguages.length,
    terms: context.config.termsAccepted,
    fallback: context.fallback,
  }),
  events: {
    'setup.rename': [{ type: 'setup.rename', name: 'Weekly sync' }],
    'setup.toggleRecognition': [{ type: 'setup.toggleRecognition', code: 'zh-CN' }],
    'setup.toggleTranslation': [{ type: 'setup.toggleTranslation', code: 'es-ES' }],
    'setup.restyle': [{ type: 'setup.restyle', style: { display: 'original' } }],
    // The plan's limits as the permissions answer them (re-read after a purchase).
    'setup.allowed': [{ type: 'setup.allowed', allowed: { recognition: 10, translation: 4 } }],
    'setup.pickLibraries': [{ type: 'setup.pickLibraries', documentIds: ['lib-1'] }],
    'xstate.done.actor.loadLanguages': (snapshot) => {
      const result = scenario(draftOf(snapshot));
      if (result === 'offline') return [];
      return [{ type: 'xstate.done.actor.loadLanguages', output: result === 'empty' ? { recognition: [], translation: [] } : CATALOGUE }];
    },
    'xstate.error.actor.loadLanguages': (snapshot) =>
      scenario(draftOf(snapshot)) === 'offline' ? [{ type: 'xstate.error.actor.loadLanguages', error: OFFLINE }] : [],
  },
  skipSimplePaths: true,
};
