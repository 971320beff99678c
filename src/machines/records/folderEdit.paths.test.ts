// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './folderEdit.paths';

describePaths(pathsModel);
