import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './dubLanguages.paths';

describePaths(pathsModel);
