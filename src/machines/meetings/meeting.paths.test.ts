// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './meeting.paths';

describePaths(pathsModel);
