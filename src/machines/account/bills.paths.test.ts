import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './bills.paths';

describePaths(pathsModel);
