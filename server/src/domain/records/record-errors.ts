// Record answers the client shows as they are. A record of another user answers exactly like a
// missing one (404), so ids cannot be probed.
import { RECORD_TITLE_MAX } from '../../../../src/shared/contract/limits';
import { AppError } from '../../errors';
import type { DisplayNameProblem } from './display-name';

export const recordNotFound = () => new AppError(404, 'records.notFound');
export const shareExpired = () => new AppError(410, 'records.shareExpired');
export const copyNotAllowed = () => new AppError(403, 'records.copyNotAllowed');
export const notShared = () => new AppError(400, 'records.notShared');
export const shareExpiryInPast = () => new AppError(400, 'records.shareExpiryInPast');
export const invalidDate = (value: string) => new AppError(400, 'records.invalidDate', { value });
export const lineTimesInvalid = (position: number) => new AppError(400, 'records.lineTimesInvalid', { position });

export function titleProblem(problem: DisplayNameProblem): AppError {
  if (problem === 'empty') return new AppError(400, 'records.titleEmpty');
  if (problem === 'tooLong') return new AppError(400, 'records.titleTooLong', { limit: RECORD_TITLE_MAX });
  return new AppError(400, 'records.titleControlCharacters');
}
