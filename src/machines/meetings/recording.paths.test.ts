import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './recording.paths';

describePaths(pathsModel);
