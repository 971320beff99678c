import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './voucher.paths';

describePaths(pathsModel);
