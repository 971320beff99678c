// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './accountData.paths';

describePaths(pathsModel);
