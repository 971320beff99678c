import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './dubEditorTask.paths';

describePaths(pathsModel);
