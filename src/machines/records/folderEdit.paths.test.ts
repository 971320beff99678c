import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './folderEdit.paths';

describePaths(pathsModel);
