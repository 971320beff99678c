import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './changePassword.paths';

describePaths(pathsModel);
