// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './dubEditorTask.paths';

describePaths(pathsModel);
