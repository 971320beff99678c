import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './meetingJoin.paths';

describePaths(pathsModel);
