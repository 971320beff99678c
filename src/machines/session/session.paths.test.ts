// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './session.paths';

describePaths(pathsModel);
