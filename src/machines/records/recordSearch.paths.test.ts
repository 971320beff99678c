// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './recordSearch.paths';

describePaths(pathsModel);
