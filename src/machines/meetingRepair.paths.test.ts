import { describePaths } from './testing/paths';
import { pathsModel } from './meetingRepair.paths';

describePaths(pathsModel);
