// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './fileUpload.paths';

describePaths(pathsModel);
