// Meeting answers the client shows as they are (namespace `live`). Another user's meeting answers
// like a missing one unless its share link is open, so ids cannot be probed.
import { MEETING_RECOGNITION_LANGUAGES_MAX, MEETING_TRANSLATION_LANGUAGES_MAX } from '../../../../src/shared/contract/limits';
import { AppError } from '../../errors';

export const meetingNotFound = () => new AppError(404, 'live:meetingNotFound');
export const meetingLinkExpired = () => new AppError(410, 'live:meetingLinkExpired');
export const hostOnly = () => new AppError(403, 'live:hostOnly');
export const translationLanguagesRequired = () => new AppError(400, 'live:translationLanguagesRequired');
export const tooManyRecognitionLanguages = () =>
  new AppError(400, 'live:tooManyRecognitionLanguages', { limit: MEETING_RECOGNITION_LANGUAGES_MAX });
export const tooManyTranslationLanguages = () =>
  new AppError(400, 'live:tooManyTranslationLanguages', { limit: MEETING_TRANSLATION_LANGUAGES_MAX });
export const screenCodeNotFound = () => new AppError(404, 'live:screenCodeNotFound');
export const screenCodeExpired = () => new AppError(410, 'live:screenCodeExpired');
/** A cast screen reads the meeting as its share link does: no code is made while sharing is closed. */
export const castNeedsSharing = () => new AppError(409, 'live:castNeedsSharing');
export const languageNotOffered = (language: string) => new AppError(422, 'live:languageNotOffered', { language });
/** One answer for an invitation that is closed, expired or unknown: it never tells whether the meeting exists. */
export const inviteUnavailable = () => new AppError(410, 'live:inviteUnavailable');
/** A participant's read of the meeting's record (transcript, summary, audio) after its host closed sharing. */
export const meetingShareClosed = () => new AppError(410, 'live:meetingShareClosed');
