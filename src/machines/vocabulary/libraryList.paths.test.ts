// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './libraryList.paths';

describePaths(pathsModel);
