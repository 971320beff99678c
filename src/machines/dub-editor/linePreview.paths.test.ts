// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './linePreview.paths';

describePaths(pathsModel);
