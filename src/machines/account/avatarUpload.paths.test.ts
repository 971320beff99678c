// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './avatarUpload.paths';

describePaths(pathsModel);
