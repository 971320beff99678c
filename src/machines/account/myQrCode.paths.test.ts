// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './myQrCode.paths';

describePaths(pathsModel);
