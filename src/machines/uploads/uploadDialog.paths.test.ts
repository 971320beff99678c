// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './uploadDialog.paths';

describePaths(pathsModel);
