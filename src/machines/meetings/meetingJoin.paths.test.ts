// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './meetingJoin.paths';

describePaths(pathsModel);
