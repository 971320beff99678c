import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './bindAccount.paths';

describePaths(pathsModel);
