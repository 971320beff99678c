import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './voiceover.paths';

describePaths(pathsModel);
