import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './playback.paths';

describePaths(pathsModel);
