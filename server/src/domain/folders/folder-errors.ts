// Folder answers the client shows as they are. Another user's folder answers like a missing one.
import { FOLDER_MAX_ANCESTORS, FOLDER_NAME_MAX } from '../../../../src/shared/contract/limits';
import { AppError } from '../../errors';
import type { DisplayNameProblem } from '../records/display-name';

export const folderNotFound = () => new AppError(404, 'folders.notFound');
export const folderTooDeep = () => new AppError(400, 'folders.tooDeep', { levels: FOLDER_MAX_ANCESTORS });
export const folderMoveIntoItself = () => new AppError(400, 'folders.moveIntoItself');
export const defaultFolderNotDeletable = () => new AppError(400, 'folders.defaultNotDeletable');
export const defaultFolderNoSubfolders = () => new AppError(400, 'folders.defaultNoSubfolders');
export const defaultFolderNotMovable = () => new AppError(400, 'folders.defaultNotMovable');

export function folderNameProblem(problem: DisplayNameProblem): AppError {
  if (problem === 'empty') return new AppError(400, 'folders.nameEmpty');
  if (problem === 'tooLong') return new AppError(400, 'folders.nameTooLong', { limit: FOLDER_NAME_MAX });
  return new AppError(400, 'folders.nameControlCharacters');
}
