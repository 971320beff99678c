// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './purchaseDialog.paths';

describePaths(pathsModel);
