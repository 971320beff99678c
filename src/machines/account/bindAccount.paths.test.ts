// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './bindAccount.paths';

describePaths(pathsModel);
