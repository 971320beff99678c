// The voice picker of the dub editor (issue 25 §2): the catalogue of the task's dubbing language is
// loaded once (loading → ready | loadFailed → retry); in ready, a voice's play-sample is fetched and
// played (sampling → playing → ready; a new sample replaces the one loading or playing), and a
// speaker's choice is saved (saving → ready, the choice kept so the picker shows it at once). A
// refusal keeps the server's message until the next action. When the server has a voice-cloning
// service, a speaker's own voice can be cloned (cloning → ready, the clone becoming their voice). Unavailable voices are never sent: the
// picker shows them disabled, and the machine ignores a choice of one.
import { assign, fromPromise, setup } from 'xstate';
import { cloneSpeakerVoice } from '../../api/dubbing/clone-speaker-voice';
import { editDubSpeaker } from '../../api/dubbing/edit-speaker';
import { voiceCatalogue, type DubVoiceCatalogue } from '../../api/dubbing/voice-catalogue';
import { voiceSample } from '../../api/dubbing/voice-sample';

export interface SpeakerVoiceInput {
  taskId: string;
  lang: string;
}

export interface SpeakerChoice {
  speakerId: string;
  speakerName: string;
  voice: string;
}

export interface SpeakerVoiceContext extends SpeakerVoiceInput {
  catalogue: DubVoiceCatalogue | null;
  sampleVoice: string | null;
  sample: Blob | null;
  saving: SpeakerChoice | null;
  /** The speaker whose voice is being cloned (only offered when the catalogue says cloning). */
  cloning: string | null;
  /** Voices chosen in this session, by speaker id (the task's list is older). */
  chosen: Record<string, string>;
  errorKey: string | null;
  errorMessage: string | null;
}

export type SpeakerVoiceEvent =
  | { type: 'retry' }
  | { type: 'sample'; voice: string }
  | { type: 'ended' }
  | { type: 'stop' }
  | { type: 'choose'; choice: SpeakerChoice }
  | { type: 'clone'; speakerId: string };

export const VOICES_FAILED_KEY = 'dubEditor:voices.failed';

interface Failure {
  messageKey?: string;
  message?: string;
}

function failed(error: unknown): Pick<SpeakerVoiceContext, 'errorKey' | 'errorMessage'> {
  // A thrown Error is a fault of the page, not a server message: it shows the generic text.
  const failure = (error instanceof Error ? {} : (error ?? {})) as Failure;
  return { errorKey: failure.message ? null : (failure.messageKey ?? VOICES_FAILED_KEY), errorMessage: failure.message ?? null };
}

const isAvailable = (context: SpeakerVoiceContext, voice: string) => Boolean(context.catalogue?.voices.some((v) => v.id === voice && v.available));

export const speakerVoiceMachine = setup({
  types: { context: {} as SpeakerVoiceContext, events: {} as SpeakerVoiceEvent, input: {} as SpeakerVoiceInput },
  actors: {
    loadCatalogue: fromPromise<DubVoiceCatalogue, { lang: string }>(async ({ input, signal }) => {
      const answer = await voiceCatalogue(input.lang, signal);
      if (!answer.ok) throw { messageKey: answer.error.messageKey, message: answer.error.message } satisfies Failure;
      return answer.data;
    }),
    loadSample: fromPromise<Blob, { lang: string; voice: string }>(async ({ input, signal }) => {
      const answer = await voiceSample(input.lang, input.voice, signal);
      if (!answer.ok) throw { messageKey: answer.error.messageKey, message: answer.error.message } satisfies Failure;
      return answer.data.blob;
    }),
    cloneVoice: fromPromise<string, { taskId: string; speakerId: string }>(async ({ input, signal }) => {
      const speaker = await cloneSpeakerVoice(input.taskId, input.speakerId, signal);
      return speaker.voice ?? '';
    }),
    saveChoice: fromPromise<void, { taskId: string; choice: SpeakerChoice }>(async ({ input, signal }) => {
      await editDubSpeaker({ id: input.taskId, speakerId: input.choice.speakerId, speakerName: input.choice.speakerName, voice: input.choice.voice }, signal);
    }),
  },
  guards: {
    cloningOffered: ({ context }) => Boolean(context.catalogue?.cloning),
    available: ({ context, event }) => event.type === 'sample' || event.type === 'choose' ? isAvailable(context, event.type === 'sample' ? event.voice : event.choice.voice) : false,
  },
}).createMachine({
  id: 'speakerVoice',
  context: ({ input }) => ({ ...input, catalogue: null, sampleVoice: null, sample: null, saving: null, cloning: null, chosen: {}, errorKey: null, errorMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCatalogue',
        src: 'loadCatalogue',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: { target: 'ready', actions: assign({ catalogue: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign(({ event }) => failed(event.error)) },
      },
    },
    loadFailed: {
      on: { retry: { target: 'loading', actions: assign({ errorKey: null, errorMessage: null }) } },
    },
    ready: {
      on: {
        sample: { guard: 'available', target: 'sampling', actions: assign({ sampleVoice: ({ event }) => event.voice, sample: null, errorKey: null, errorMessage: null }) },
        choose: { guard: 'available', target: 'saving', actions: assign({ saving: ({ event }) => event.choice, errorKey: null, errorMessage: null }) },
        clone: { guard: 'cloningOffered', target: 'cloning', actions: assign({ cloning: ({ event }) => event.speakerId, errorKey: null, errorMessage: null }) },
      },
    },
    cloning: {
      invoke: {
        id: 'cloneVoice',
        src: 'cloneVoice',
        input: ({ context }) => ({ taskId: context.taskId, speakerId: context.cloning! }),
        onDone: { target: 'ready', actions: assign(({ context, event }) => ({ chosen: { ...context.chosen, [context.cloning!]: event.output }, cloning: null })) },
        onError: { target: 'ready', actions: assign(({ event }) => ({ ...failed(event.error), cloning: null })) },
      },
    },
    sampling: {
      invoke: {
        id: 'loadSample',
        src: 'loadSample',
        input: ({ context }) => ({ lang: context.lang, voice: context.sampleVoice! }),
        onDone: { target: 'playing', actions: assign({ sample: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign(({ event }) => ({ ...failed(event.error), sampleVoice: null })) },
      },
      on: {
        sample: { guard: 'available', target: 'sampling', reenter: true, actions: assign({ sampleVoice: ({ event }) => event.voice }) },
        stop: { target: 'ready', actions: assign({ sampleVoice: null }) },
      },
    },
    playing: {
      on: {
        sample: { guard: 'available', target: 'sampling', actions: assign({ sampleVoice: ({ event }) => event.voice, sample: null }) },
        ended: { target: 'ready', actions: assign({ sampleVoice: null, sample: null }) },
        stop: { target: 'ready', actions: assign({ sampleVoice: null, sample: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveChoice',
        src: 'saveChoice',
        input: ({ context }) => ({ taskId: context.taskId, choice: context.saving! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context }) => ({ chosen: { ...context.chosen, [context.saving!.speakerId]: context.saving!.voice }, saving: null })),
        },
        onError: { target: 'ready', actions: assign(({ event }) => ({ ...failed(event.error), saving: null })) },
      },
    },
  },
});

type Snapshot = { value: unknown; context: SpeakerVoiceContext };
/** What the picker draws. */
export const selectVoicePicker = (snapshot: Snapshot) => ({
  phase: snapshot.value as 'loading' | 'loadFailed' | 'ready' | 'sampling' | 'playing' | 'saving' | 'cloning',
  voices: snapshot.context.catalogue?.voices ?? [],
  cloning: snapshot.context.catalogue?.cloning ?? false,
  sampleVoice: snapshot.context.sampleVoice,
  sample: snapshot.context.sample,
  savingSpeakerId: snapshot.context.saving?.speakerId ?? snapshot.context.cloning,
  cloningSpeakerId: snapshot.context.cloning,
  chosen: snapshot.context.chosen,
  errorKey: snapshot.context.errorKey,
  errorMessage: snapshot.context.errorMessage,
});
