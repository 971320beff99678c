import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './meetingDownload.paths';

describePaths(pathsModel);
