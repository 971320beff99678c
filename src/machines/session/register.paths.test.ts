// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './register.paths';

describePaths(pathsModel);
