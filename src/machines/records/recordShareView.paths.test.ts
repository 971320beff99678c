// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './recordShareView.paths';

describePaths(pathsModel);
