import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './recordList.paths';

describePaths(pathsModel);
