// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './speakerRename.paths';

describePaths(pathsModel);
