import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './recordBatch.paths';

describePaths(pathsModel);
