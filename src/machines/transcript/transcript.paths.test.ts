// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './transcript.paths';

describePaths(pathsModel);
