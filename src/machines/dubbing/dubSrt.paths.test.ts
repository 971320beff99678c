// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './dubSrt.paths';

describePaths(pathsModel);
