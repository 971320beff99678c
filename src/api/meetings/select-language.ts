// GET /speech/audio/selectLanguage (meetingsSelectLanguage) — the languages a meeting may use.
// Unchecked: the setup page shows its own failure.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { LanguageLists } from './meeting-types';

export async function meetingLanguages(): Promise<LanguageLists> {
  return unwrap(await api.call((client, signal) => client.GET('/speech/audio/selectLanguage', { signal }), { silent: true }));
}

export const meetingLanguagesActor = fromPromise<LanguageLists>(() => meetingLanguages());
