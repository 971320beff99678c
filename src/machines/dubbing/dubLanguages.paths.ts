// Path model of the dubbing dialog's language list (convention: src/testing/paths.ts). The
// double fails the first read, answers an empty list to the second and, from the third, a list with
// an unavailable language (proven against the real call in dubLanguages.machine.test.ts too).
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { ServedLanguage } from '../../shared/contract/language-availability';
import type { PathsModel } from '../../testing/paths';
import { dubLanguagesMachine, type DubLanguagesContext } from './dubLanguages.machine';

const SERVED: ServedLanguage[] = [
  { code: 'zh-CN', name: 'Chinese', available: true },
  { code: 'fr-FR', name: 'French', available: false, unavailableReason: 'No voice for French; set TTS_URL', setting: 'TTS_URL' },
];

const FAILURE = { kind: 'network' };
const answerOf = (attempt: number) => (attempt === 2 ? [] : SERVED);
const attempt = (snapshot: AnyMachineSnapshot) => (snapshot.context as DubLanguagesContext).attempts;

export const pathsModel: PathsModel = {
  name: 'dubLanguages',
  machine: dubLanguagesMachine.provide({
    actors: {
      load: fromPromise<ServedLanguage[], { attempt: number }>(async ({ input }) => {
        if (input.attempt === 1) throw FAILURE;
        return answerOf(input.attempt);
      }),
    },
  }),
  events: {
    'xstate.done.actor.load': (snapshot) => (attempt(snapshot) === 1 ? [] : [{ type: 'xstate.done.actor.load', output: answerOf(attempt(snapshot)) }]),
    'xstate.error.actor.load': (snapshot) => (attempt(snapshot) === 1 ? [{ type: 'xstate.error.actor.load', error: FAILURE }] : []),
  },
  serializeContext: (context: DubLanguagesContext) => ({ codes: context.items.map((item) => item.code), fallback: context.fallback, attempts: context.attempts }),
};
