import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './subtitleEditor.paths';

describePaths(pathsModel);
