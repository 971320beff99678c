import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './session.paths';

describePaths(pathsModel);
