import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './paypalReturn.paths';

describePaths(pathsModel);
