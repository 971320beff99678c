import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './vocabularyPicker.paths';

describePaths(pathsModel);
