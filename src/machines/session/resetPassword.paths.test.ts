// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './resetPassword.paths';

describePaths(pathsModel);
