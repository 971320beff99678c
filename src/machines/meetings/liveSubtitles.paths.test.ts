import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './liveSubtitles.paths';

describePaths(pathsModel);
