// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './dubFolders.paths';

describePaths(pathsModel);
