import { describePaths } from '../../testing/paths';
import { pathsModel } from './dubUpload.paths';

describePaths(pathsModel);
