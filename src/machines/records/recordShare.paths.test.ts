// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './recordShare.paths';

describePaths(pathsModel);
