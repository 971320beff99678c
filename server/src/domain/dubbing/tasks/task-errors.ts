// Refusals of the dubbing task calls, as translated keys of the `uploads` namespace (server-only).
import { DUB_SRT_MAX_BYTES } from '../../../../../src/shared/contract/dub-limits';
import { AppError } from '../../../errors';

/** Another user's task answers exactly like a task that does not exist. */
export const dubTaskNotFound = () => new AppError(404, 'uploads:dubTaskNotFound');
export const dubFileNotFound = () => new AppError(404, 'uploads:dubFileNotFound');
export const dubAlreadyStarted = () => new AppError(409, 'uploads:dubAlreadyStarted');
export const dubSrtNotYours = () => new AppError(403, 'uploads:dubSrtNotYours');
export const dubSrtNotSrt = () => new AppError(400, 'uploads:dubSrtNotSrt');
export const dubSrtTooLarge = () => new AppError(400, 'uploads:dubSrtTooLarge', { size: `${DUB_SRT_MAX_BYTES / 1024 / 1024} MB` });
export const dubTranslationRequired = () => new AppError(400, 'uploads:dubTranslationRequired');
export const dubFileInUse = () => new AppError(409, 'uploads:dubFileInUse');
export const dubMediaNotFound = () => new AppError(404, 'uploads:dubMediaNotFound');
