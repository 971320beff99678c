// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './transcriptFiles.paths';

describePaths(pathsModel);
