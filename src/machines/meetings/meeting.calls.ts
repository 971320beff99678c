// The meeting calls the live machines invoke by default (tests provide doubles instead).
// Each rejects with the ApiError so a machine can keep the server's message or a key.
import type { components } from '../../api/schema';
import { api } from '../../api/instance';
import { MEETING_SUMMARY_LINE_COUNT } from '../../shared/contract/limits';

type Schemas = components['schemas'];
export type Meeting = Schemas['Meeting'];
export type SubtitleStyle = Schemas['SubtitleStyle'];
export type ScreenCode = Schemas['ScreenCode'];
export type Summary = Schemas['Summary'];
export type LanguageLists = Schemas['LanguageLists'];
export type MeetingState = Schemas['MeetingState'];

export interface CreateMeetingInput {
  name?: string;
  recognitionLanguages: string[];
  translationLanguages: string[];
  subtitleStyle: SubtitleStyle;
}

async function unwrap<T>(promise: Promise<{ ok: true; data: T } | { ok: false; error: unknown }>): Promise<T> {
  const result = await promise;
  if (!result.ok) throw result.error;
  return result.data;
}

export const createMeeting = (input: CreateMeetingInput, signal?: AbortSignal) =>
  unwrap(api.call<Meeting>((client, s) => client.POST('/speech/meeting/create', { body: input, signal: s }), { signal }));

export const getMeeting = (id: string, signal?: AbortSignal) =>
  unwrap(api.call<Meeting>((client, s) => client.GET('/speech/meeting/getMeeting', { params: { query: { id } }, signal: s }), { signal, silent: true }));

export const stopMeeting = (id: string, signal?: AbortSignal) =>
  unwrap(api.call<Meeting>((client, s) => client.POST('/speech/meeting/stopMeeting', { body: { id }, signal: s }), { signal }));

export const setMeetingSharing = (id: string, open: boolean) =>
  unwrap(api.call<Meeting>((client, s) => client.POST('/speech/meeting/edit', { body: { id, shareStatus: open ? '1' : '0' }, signal: s })));

export const createScreenCode = (meetingId: string) =>
  unwrap(api.call<ScreenCode>((client, s) => client.POST('/speech/meeting/createScreenCode', { body: { meetingId }, signal: s })));

export const resolveCastCode = (shortCode: string, signal?: AbortSignal) =>
  unwrap(api.call<ScreenCode>((client, s) => client.GET('/speech/meeting/getNetworkLink', { params: { query: { shortCode } }, signal: s }), { signal, silent: true }));

export const meetingLanguages = () =>
  unwrap(api.call<LanguageLists>((client, s) => client.GET('/speech/audio/selectLanguage', { signal: s }), { silent: true }));

export const instantSummary = (transId: string, lang: string | undefined, signal?: AbortSignal) =>
  unwrap(
    api.call<Summary>(
      (client, s) =>
        client.POST('/ai/ai/mediaFixedCountSummary', {
          body: { transId, count: MEETING_SUMMARY_LINE_COUNT, ...(lang ? { lang } : {}) },
          signal: s,
        }),
      { signal },
    ),
  );

/** A visitor token for a signed-out participant (the share pages need one for the socket). */
export const visitorLogin = () =>
  unwrap(api.call<{ token: string } | null>((client, s) => client.POST('/auth/visitorlogin', { body: {}, signal: s }), { silent: true }));
