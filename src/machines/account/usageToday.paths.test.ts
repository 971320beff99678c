// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './usageToday.paths';

describePaths(pathsModel);
