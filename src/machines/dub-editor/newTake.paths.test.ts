// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './newTake.paths';

describePaths(pathsModel);
