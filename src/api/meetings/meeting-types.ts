// The meeting shapes of the contract under the names the meetings area uses.
import type { components, operations } from '../schema';

type Schemas = components['schemas'];
export type Meeting = Schemas['Meeting'];
export type SubtitleStyle = Schemas['SubtitleStyle'];
export type ScreenCode = Schemas['ScreenCode'];
export type MeetingInvitation = Schemas['MeetingInvitation'];
export type InviteExpiry = Schemas['InviteExpiry'];
export type Summary = Schemas['Summary'];
export type LanguageLists = Schemas['LanguageLists'];
export type MeetingState = Schemas['MeetingState'];
export type MeetingShareRecord = Schemas['MeetingShareRecord'];
export type MeetingShareLine = Schemas['MeetingShareLine'];
export type JoinRecord = Schemas['JoinRecord'];
export type CreateMeetingBody = operations['meetingsCreate']['requestBody']['content']['application/json'];

/** What the setup page sends to create a meeting (the contract's body, with the style required). */
export interface CreateMeetingInput {
  name?: string;
  recognitionLanguages: string[];
  translationLanguages: string[];
  subtitleStyle: SubtitleStyle;
  /** Vocabulary libraries the meeting uses. */
  documentIds?: string[];
}
