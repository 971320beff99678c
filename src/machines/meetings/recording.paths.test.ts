// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './recording.paths';

describePaths(pathsModel);
