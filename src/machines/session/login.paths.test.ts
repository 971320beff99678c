// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './login.paths';

describePaths(pathsModel);
