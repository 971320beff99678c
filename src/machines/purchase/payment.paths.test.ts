import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './payment.paths';

describePaths(pathsModel);
