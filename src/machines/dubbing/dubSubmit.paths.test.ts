import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './dubSubmit.paths';

describePaths(pathsModel);
