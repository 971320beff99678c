// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './wechatBinding.paths';

describePaths(pathsModel);
