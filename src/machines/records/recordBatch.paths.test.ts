// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './recordBatch.paths';

describePaths(pathsModel);
