// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './payment.paths';

describePaths(pathsModel);
