import { describePaths } from '../../testing/paths';
import { pathsModel } from './subtitleEditor.paths';

describePaths(pathsModel);
