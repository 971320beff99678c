// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './changePassword.paths';

describePaths(pathsModel);
