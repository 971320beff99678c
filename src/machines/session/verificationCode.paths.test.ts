import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './verificationCode.paths';

describePaths(pathsModel);
