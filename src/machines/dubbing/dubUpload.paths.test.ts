// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './dubUpload.paths';

describePaths(pathsModel);
