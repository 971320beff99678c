// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './verificationCode.paths';

describePaths(pathsModel);
