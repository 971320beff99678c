// The languages of the AI dubbing dialog (features §7 'get languages'), read once from the server
// (dubbingGetLanguage) with what it can dub: a language no engine here serves comes back unavailable
// with the reason, and the dialog shows it disabled with that reason before anyone picks it. When
// the list cannot be read the dialog offers its built-in codes (the server still refuses at start)
// and may ask again.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { DUB_LANGUAGE_CODES } from '../../shared/contract/dub-limits';
import type { ServedLanguage } from '../../shared/contract/language-availability';
import { unwrap } from '../../api/errors';
import { getDubLanguages } from '../../api/dubbing/get-language';

export interface DubLanguagesContext {
  items: ServedLanguage[];
  /** True while `items` is the built-in list (the server's could not be read). */
  fallback: boolean;
  /** How many times the list was asked for (1 on the first read). */
  attempts: number;
}

export type DubLanguagesEvent = { type: 'languages.reload' };

export const builtInLanguages = (): ServedLanguage[] => DUB_LANGUAGE_CODES.map((code) => ({ code }));

export async function loadDubLanguages(signal?: AbortSignal): Promise<ServedLanguage[]> {
  const items = unwrap(await getDubLanguages(signal)) ?? [];
  return items.map((item) => ({
    code: item.code,
    name: item.name,
    ...(item.available !== undefined ? { available: item.available } : {}),
    unavailableReason: item.unavailableReason ?? null,
    setting: item.setting ?? null,
    ...(item.sources ? { sources: item.sources } : {}),
    ...(item.engine ? { engine: item.engine } : {}),
  }));
}

export const dubLanguagesMachine = setup({
  types: { context: {} as DubLanguagesContext, events: {} as DubLanguagesEvent },
  actors: { load: fromPromise<ServedLanguage[], { attempt: number }>(({ signal }) => loadDubLanguages(signal)) },
}).createMachine({
  id: 'dubLanguages',
  context: { items: builtInLanguages(), fallback: true, attempts: 0 },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ attempts: ({ context }) => context.attempts + 1 }),
      invoke: {
        src: 'load',
        id: 'load',
        input: ({ context }) => ({ attempt: context.attempts }),
        onDone: [
          // An empty answer says nothing: the built-in list stays.
          { guard: ({ event }) => event.output.length === 0, target: 'fallback' },
          { target: 'ready', actions: assign({ items: ({ event }) => event.output, fallback: false }) },
        ],
        onError: 'fallback',
      },
    },
    ready: {},
    fallback: { on: { 'languages.reload': 'loading' } },
  },
});

export type DubLanguagesSnapshot = SnapshotFrom<typeof dubLanguagesMachine>;
export const selectDubLanguages = (snapshot: DubLanguagesSnapshot) => snapshot.context.items;
export const selectDubLanguagesServed = (snapshot: DubLanguagesSnapshot) => snapshot.matches('ready');
