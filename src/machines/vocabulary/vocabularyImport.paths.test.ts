import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './vocabularyImport.paths';

describePaths(pathsModel);
