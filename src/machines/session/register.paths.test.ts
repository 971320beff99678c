import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './register.paths';

describePaths(pathsModel);
