import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './purchaseDialog.paths';

describePaths(pathsModel);
