import { describePaths } from '../../testing/paths';
import { pathsModel } from './session.paths';

describePaths(pathsModel);
