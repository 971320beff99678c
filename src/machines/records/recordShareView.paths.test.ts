import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './recordShareView.paths';

describePaths(pathsModel);
