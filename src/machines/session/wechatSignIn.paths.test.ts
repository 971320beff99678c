import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './wechatSignIn.paths';

describePaths(pathsModel);
