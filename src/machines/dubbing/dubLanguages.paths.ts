// Path model of the dubbing dialog's language list (convention: src/shared/testing/paths.ts). The
// double answers a list with an unavailable language; the failed and empty answers (the fallback
// state) are proven against the real call in dubLanguages.machine.test.ts.
import { fromPromise } from 'xstate';
import type { ServedLanguage } from '../../shared/contract/language-availability';
import type { PathsModel } from '../../shared/testing/paths';
import { dubLanguagesMachine, type DubLanguagesContext } from './dubLanguages.machine';

const SERVED: ServedLanguage[] = [
  { code: 'zh-CN', name: 'Chinese', available: true },
  { code: 'fr-FR', name: 'French', available: false, unavailableReason: 'No voice for French; set TTS_URL', setting: 'TTS_URL' },
];

export const pathsModel: PathsModel = {
  name: 'dubLanguages',
  machine: dubLanguagesMachine.provide({ actors: { load: fromPromise<ServedLanguage[]>(async () => SERVED) } }),
  events: {
    'xstate.done.actor.load': [{ type: 'xstate.done.actor.load', output: SERVED }],
  },
  unreachable: [{ state: 'fallback', reason: 'the double always answers a list; dubLanguages.machine.test.ts covers a failed and an empty answer' }],
  serializeContext: (context: DubLanguagesContext) => ({ codes: context.items.map((item) => item.code), fallback: context.fallback }),
};
