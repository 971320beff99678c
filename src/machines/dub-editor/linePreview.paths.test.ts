import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './linePreview.paths';

describePaths(pathsModel);
