// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './screenProjection.paths';

describePaths(pathsModel);
