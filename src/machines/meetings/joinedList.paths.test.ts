// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './joinedList.paths';

describePaths(pathsModel);
