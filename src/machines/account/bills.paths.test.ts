// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './bills.paths';

describePaths(pathsModel);
