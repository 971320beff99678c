// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './recordList.paths';

describePaths(pathsModel);
