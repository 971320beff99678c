import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './hostMeeting.paths';

describePaths(pathsModel);
