// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './libraryDetail.paths';

describePaths(pathsModel);
