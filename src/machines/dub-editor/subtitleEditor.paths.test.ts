// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './subtitleEditor.paths';

describePaths(pathsModel);
