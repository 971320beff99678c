import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './screenProjection.paths';

describePaths(pathsModel);
