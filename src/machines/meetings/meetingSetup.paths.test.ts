// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './meetingSetup.paths';

describePaths(pathsModel);
