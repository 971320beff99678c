import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './profileEdit.paths';

describePaths(pathsModel);
