// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './summary.paths';

describePaths(pathsModel);
