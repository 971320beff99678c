// Folder calls (platform §5, features §7 "Folders"): the tree, create/rename/move, delete.
import { AppError } from '../errors';
import { requireUser, type HandlerMap } from './types';

export const foldersHandlers: HandlerMap = {
  async foldersFolder(ctx) {
    return ctx.services.folders.tree(requireUser(ctx).id, ctx.t('folders.defaultName'));
  },
  async foldersEditFolder(ctx) {
    if (!ctx.body) throw new AppError(400, 'errors.invalidRequest');
    return ctx.services.folders.edit(requireUser(ctx).id, ctx.body);
  },
  async foldersRemoveFolder(ctx) {
    if (!ctx.body) throw new AppError(400, 'errors.invalidRequest');
    return ctx.services.folders.remove(requireUser(ctx).id, ctx.body.id);
  },
};
