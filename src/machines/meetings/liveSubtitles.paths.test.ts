// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './liveSubtitles.paths';

describePaths(pathsModel);
