// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './profileEdit.paths';

describePaths(pathsModel);
