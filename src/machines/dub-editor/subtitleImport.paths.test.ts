// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './subtitleImport.paths';

describePaths(pathsModel);
