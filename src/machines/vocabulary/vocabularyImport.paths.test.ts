// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './vocabularyImport.paths';

describePaths(pathsModel);
