// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './wechatSignIn.paths';

describePaths(pathsModel);
