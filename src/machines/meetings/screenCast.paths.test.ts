// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './screenCast.paths';

describePaths(pathsModel);
