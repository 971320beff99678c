import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './dubFile.paths';

describePaths(pathsModel);
