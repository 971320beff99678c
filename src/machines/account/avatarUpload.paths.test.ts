import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './avatarUpload.paths';

describePaths(pathsModel);
