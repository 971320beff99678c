// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './dubLanguages.paths';

describePaths(pathsModel);
