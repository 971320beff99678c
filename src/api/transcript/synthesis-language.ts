// GET /speech/audio/synthesisLanguage (recordsSynthesisLanguage) — languages read-aloud can speak.
// Unchecked: without the list the page offers no read-aloud, so a failure is an empty list.
import { api } from '../instance';

export async function fetchSynthesisLanguages() {
  const result = await api.call((client, signal) => client.GET('/speech/audio/synthesisLanguage', { signal }), { silent: true });
  return result.ok ? (result.data ?? []) : [];
}
