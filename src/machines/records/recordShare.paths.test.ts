import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './recordShare.paths';

describePaths(pathsModel);
