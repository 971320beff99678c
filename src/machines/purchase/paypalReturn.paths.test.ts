// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './paypalReturn.paths';

describePaths(pathsModel);
