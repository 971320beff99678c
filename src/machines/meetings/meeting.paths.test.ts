import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './meeting.paths';

describePaths(pathsModel);
