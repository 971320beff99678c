import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './meetingSummary.paths';

describePaths(pathsModel);
