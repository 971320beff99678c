// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './playback.paths';

describePaths(pathsModel);
