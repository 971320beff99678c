import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './meetingInvite.paths';

describePaths(pathsModel);
