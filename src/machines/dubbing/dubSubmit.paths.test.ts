// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './dubSubmit.paths';

describePaths(pathsModel);
