import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './summary.paths';

describePaths(pathsModel);
