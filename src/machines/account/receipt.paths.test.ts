// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './receipt.paths';

describePaths(pathsModel);
