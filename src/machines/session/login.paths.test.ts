import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './login.paths';

describePaths(pathsModel);
