import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './dubSrt.paths';

describePaths(pathsModel);
