// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './vocabularyPicker.paths';

describePaths(pathsModel);
