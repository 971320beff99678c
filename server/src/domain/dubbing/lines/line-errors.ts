// Refusals of the dub editor's calls. Keys live in the `transcripts` namespace (the lines of a
// dubbing task are transcript lines), rendered in the caller's accept-language by the envelope.
// Time, overlap, duration and speaker-name rules reuse the transcript editor's keys.
import { AppError } from '../../../errors';

export const dubNoLines = () => new AppError(400, 'transcripts:dubNoLines');
export const dubTooManyLines = (limit: number) => new AppError(400, 'transcripts:dubTooManyLines', { limit });
export const dubFrameTooLong = (position: number, field: 'text' | 'translation', limit: number) =>
  new AppError(400, field === 'text' ? 'transcripts:dubFrameTextTooLong' : 'transcripts:dubFrameTranslationTooLong', { position, limit });
export const dubSpeakerUnknown = (position: number) => new AppError(400, 'transcripts:dubSpeakerUnknown', { position });
export const dubSpeakerNotFound = () => new AppError(404, 'transcripts:dubSpeakerNotFound');
export const dubLineNotFound = () => new AppError(404, 'transcripts:dubLineNotFound');
export const dubVoiceUnknown = (voice: string, language: string) => new AppError(400, 'transcripts:dubVoiceUnknown', { voice, language });
export const dubPreviewSlotEmpty = () => new AppError(400, 'transcripts:dubPreviewSlotEmpty');
export const dubPreviewBusy = (limit: number) => new AppError(429, 'transcripts:dubPreviewBusy', { limit });
export const dubPreviewTooMany = (limit: number) => new AppError(429, 'transcripts:dubPreviewTooMany', { limit });
export const dubNothingToAdjust = () => new AppError(400, 'transcripts:dubNothingToAdjust');
export const dubTaskBusy = () => new AppError(409, 'transcripts:dubTaskBusy');
