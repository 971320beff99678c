import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './dubUpload.paths';

describePaths(pathsModel);
