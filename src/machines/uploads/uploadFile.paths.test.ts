import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './uploadFile.paths';

describePaths(pathsModel);
