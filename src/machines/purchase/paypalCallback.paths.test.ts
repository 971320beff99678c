// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './paypalCallback.paths';

describePaths(pathsModel);
