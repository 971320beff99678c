import { describePaths } from '../../testing/paths';
import { pathsModel } from './uploadFile.paths';

describePaths(pathsModel);
