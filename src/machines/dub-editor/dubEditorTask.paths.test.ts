import { describePaths } from '../../testing/paths';
import { pathsModel } from './dubEditorTask.paths';

describePaths(pathsModel);
