// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './voucher.paths';

describePaths(pathsModel);
