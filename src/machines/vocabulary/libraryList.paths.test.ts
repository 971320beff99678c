import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './libraryList.paths';

describePaths(pathsModel);
