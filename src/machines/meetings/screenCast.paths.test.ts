import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './screenCast.paths';

describePaths(pathsModel);
