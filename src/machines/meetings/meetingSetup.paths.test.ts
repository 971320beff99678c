import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './meetingSetup.paths';

describePaths(pathsModel);
