import { describePaths } from '../../testing/paths';
import { pathsModel } from './paypalReturn.paths';

describePaths(pathsModel);
