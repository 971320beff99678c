import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './paypalCallback.paths';

describePaths(pathsModel);
