import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './recordSearch.paths';

describePaths(pathsModel);
