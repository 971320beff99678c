// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './meetingSummary.paths';

describePaths(pathsModel);
