// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './voiceover.paths';

describePaths(pathsModel);
