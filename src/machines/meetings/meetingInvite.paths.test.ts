// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './meetingInvite.paths';

describePaths(pathsModel);
