import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './wechatBinding.paths';

describePaths(pathsModel);
