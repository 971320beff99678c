import { describePaths } from '../../testing/paths';
import { pathsModel } from './dubFile.paths';

describePaths(pathsModel);
