import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './resetPassword.paths';

describePaths(pathsModel);
