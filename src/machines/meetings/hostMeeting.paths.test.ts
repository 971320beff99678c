// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './hostMeeting.paths';

describePaths(pathsModel);
