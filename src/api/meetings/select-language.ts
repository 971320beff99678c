// GET /speech/audio/selectLanguage (meetingsSelectLanguage) — the languages a meeting may use.
// Unchecked: the setup page shows its own failure.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import { readToken } from '../../shared/session-storage';
import type { LanguageLists } from './meeting-types';

export async function meetingLanguages(): Promise<LanguageLists> {
  return unwrap(await api.call((client, signal) => client.GET('/speech/audio/selectLanguage', { signal }), { silent: true }));
}

export const meetingLanguagesActor = fromPromise<LanguageLists>(() => meetingLanguages());

/** A catalogue read started before the setup asked for it (prefetchMeetingLanguages), until taken. */
let early: Promise<LanguageLists> | null = null;

/**
 * Starts reading the catalogue as soon as the /meeting page's code runs, beside its texts and first
 * render instead of after them (issue 27: /meeting's largest paint waited for this answer). Idempotent
 * until taken; nothing without a session.
 */
export function prefetchMeetingLanguages(): void {
  // Without a session the page sends the visitor to sign in; the read would only answer 401.
  if (early || !readToken()) return;
  early = meetingLanguages();
  // Reported by the load that takes it.
  early.catch(() => undefined);
}

/** The setup's load: the read started early when there is one (taken once), a fresh read otherwise (a retry). */
export function takeMeetingLanguages(): Promise<LanguageLists> {
  const read = early ?? meetingLanguages();
  early = null;
  return read;
}
