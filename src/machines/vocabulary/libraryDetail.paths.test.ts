import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './libraryDetail.paths';

describePaths(pathsModel);
