import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './fileUpload.paths';

describePaths(pathsModel);
