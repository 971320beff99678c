import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './transcript.paths';

describePaths(pathsModel);
