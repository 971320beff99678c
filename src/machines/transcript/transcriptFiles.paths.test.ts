import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './transcriptFiles.paths';

describePaths(pathsModel);
