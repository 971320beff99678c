import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './uploadDialog.paths';

describePaths(pathsModel);
