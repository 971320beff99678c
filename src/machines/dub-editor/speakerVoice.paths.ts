// Path model of the voice picker. The double's catalogue has two available voices and one
// unavailable ('flite:slt'); it refuses the catalogue of lang 'xx', the sample of 'es+m9' and a
// choice for the speaker named 'Refused' and the cloning of speaker 'refused'.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { DubVoiceCatalogue } from '../../api/dubbing/voice-catalogue';
import type { PathsModel } from '../../testing/paths';
import { speakerVoiceMachine, type SpeakerChoice, type SpeakerVoiceContext } from './speakerVoice.machine';

export const CATALOGUE: DubVoiceCatalogue = {
  lang: 'es-ES',
  cloning: true,
  voices: [
    { id: 'es+f2', name: 'Spanish female voice es+f2', engine: 'espeak-ng', gender: 'female', available: true, unavailableReason: null },
    { id: 'es+m9', name: 'Spanish male voice es+m9', engine: 'espeak-ng', gender: 'male', available: true, unavailableReason: null },
    { id: 'flite:slt', name: 'English female voice flite:slt', engine: 'flite', gender: 'female', available: false, unavailableReason: 'Not installed on this server (flite)' },
  ],
};
const WAV = new Blob([new Uint8Array([82, 73, 70, 70])], { type: 'audio/wav' });
const choice: SpeakerChoice = { speakerId: 's1', speakerName: 'Ann', voice: 'es+f2' };
const context = (snapshot: AnyMachineSnapshot) => snapshot.context as SpeakerVoiceContext;
const refusedLang = (snapshot: AnyMachineSnapshot) => context(snapshot).lang === 'xx';
const refusedSample = (snapshot: AnyMachineSnapshot) => context(snapshot).sampleVoice === 'es+m9';
const refusedClone = (snapshot: AnyMachineSnapshot) => context(snapshot).cloning === 'refused';
const refusedChoice = (snapshot: AnyMachineSnapshot) => context(snapshot).saving?.speakerName === 'Refused';

export const pathsModel: PathsModel = {
  name: 'speakerVoice',
  machine: speakerVoiceMachine.provide({
    actors: {
      loadCatalogue: fromPromise<DubVoiceCatalogue, { lang: string }>(async ({ input }) => {
        if (input.lang === 'xx') throw { messageKey: 'dubEditor:voices.failed' };
        return CATALOGUE;
      }),
      loadSample: fromPromise<Blob, { lang: string; voice: string }>(async ({ input }) => {
        if (input.voice === 'es+m9') throw { message: 'espeak-ng failed' };
        return WAV;
      }),
      cloneVoice: fromPromise<string, { taskId: string; speakerId: string }>(async ({ input }) => {
        if (input.speakerId === 'refused') throw { messageKey: 'transcripts:dubCloneNoSpeech' };
        return 'elevenlabs:vc-1';
      }),
      saveChoice: fromPromise<void, { taskId: string; choice: SpeakerChoice }>(async ({ input }) => {
        if (input.choice.speakerName === 'Refused') throw { messageKey: 'transcripts:dubVoiceUnknown' };
      }),
    },
  }),
  inputs: [
    { taskId: 't1', lang: 'es-ES' },
    { taskId: 't1', lang: 'xx' },
  ],
  events: {
    retry: [{ type: 'retry' }],
    sample: [{ type: 'sample', voice: 'es+f2' }, { type: 'sample', voice: 'es+m9' }, { type: 'sample', voice: 'flite:slt' }],
    ended: [{ type: 'ended' }],
    stop: [{ type: 'stop' }],
    choose: [{ type: 'choose', choice }, { type: 'choose', choice: { ...choice, speakerName: 'Refused' } }, { type: 'choose', choice: { ...choice, voice: 'flite:slt' } }],
    'xstate.done.actor.loadCatalogue': (s) => (refusedLang(s) ? [] : [{ type: 'xstate.done.actor.loadCatalogue', output: CATALOGUE }]),
    'xstate.error.actor.loadCatalogue': (s) => (refusedLang(s) ? [{ type: 'xstate.error.actor.loadCatalogue', error: { messageKey: 'dubEditor:voices.failed' } }] : []),
    'xstate.done.actor.loadSample': (s) => (refusedSample(s) ? [] : [{ type: 'xstate.done.actor.loadSample', output: WAV }]),
    'xstate.error.actor.loadSample': (s) => (refusedSample(s) ? [{ type: 'xstate.error.actor.loadSample', error: { message: 'espeak-ng failed' } }] : []),
    clone: [{ type: 'clone', speakerId: 's1' }, { type: 'clone', speakerId: 'refused' }],
    'xstate.done.actor.cloneVoice': (s) => (refusedClone(s) ? [] : [{ type: 'xstate.done.actor.cloneVoice', output: 'elevenlabs:vc-1' }]),
    'xstate.error.actor.cloneVoice': (s) => (refusedClone(s) ? [{ type: 'xstate.error.actor.cloneVoice', error: { messageKey: 'transcripts:dubCloneNoSpeech' } }] : []),
    'xstate.done.actor.saveChoice': (s) => (refusedChoice(s) ? [] : [{ type: 'xstate.done.actor.saveChoice' }]),
    'xstate.error.actor.saveChoice': (s) => (refusedChoice(s) ? [{ type: 'xstate.error.actor.saveChoice', error: { messageKey: 'transcripts:dubVoiceUnknown' } }] : []),
  },
  serializeContext: (c: SpeakerVoiceContext) => ({ lang: c.lang, catalogue: Boolean(c.catalogue), sample: c.sampleVoice, audio: Boolean(c.sample), saving: c.saving?.speakerName ?? null, cloning: c.cloning, chosen: c.chosen, error: c.errorKey ?? c.errorMessage }),
  skipSimplePaths: true,
};
