// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './meetingDownload.paths';

describePaths(pathsModel);
