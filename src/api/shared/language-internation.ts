// GET /speech/audio/LanguageInternation (recordsLanguageInternation) — recognition and translation
// languages. The upload dialog needs them (checked: it fails without them); the transcript page
// only offers translation targets from them (unchecked: a failure offers none).
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function fetchLanguageLists() {
  return unwrap(await api.call((client, signal) => client.GET('/speech/audio/LanguageInternation', { signal })));
}

export const fetchLanguageListsActor = fromPromise(() => fetchLanguageLists());

export async function fetchTranslationLanguages() {
  const result = await api.call((client, signal) => client.GET('/speech/audio/LanguageInternation', { signal }), { silent: true });
  return result.ok ? (result.data?.translation ?? []) : [];
}
