// Answers of the transcript calls. Keys live in the `transcripts` namespace (server side), rendered
// in the caller's accept-language by the error envelope.
import { AppError } from '../../errors';

export const speakerNameEmpty = () => new AppError(400, 'transcripts:speakerNameEmpty');
export const speakerNameTooLong = (limit: number) => new AppError(400, 'transcripts:speakerNameTooLong', { limit });
export const speakerNotFound = (speaker: string) => new AppError(404, 'transcripts:speakerNotFound', { speaker });
export const linesOverlap = (position: number) => new AppError(400, 'transcripts:linesOverlap', { position, previous: position - 1 });
export const lineBeyondDuration = (position: number, seconds: number) =>
  new AppError(400, 'transcripts:lineBeyondDuration', { position, seconds });
export const lineNotFound = () => new AppError(404, 'transcripts:lineNotFound');
export const linesNotAdjacent = () => new AppError(400, 'transcripts:linesNotAdjacent');
export const mergeSpeakerConflict = (speakers: string) => new AppError(400, 'transcripts:mergeSpeakerConflict', { speakers });
export const recordBusy = () => new AppError(409, 'transcripts:recordBusy');
export const sameLanguage = (language: string) => new AppError(400, 'transcripts:sameLanguage', { language });
export const nothingToTranslate = () => new AppError(400, 'transcripts:nothingToTranslate');
export const nothingStale = () => new AppError(400, 'transcripts:nothingStale');
