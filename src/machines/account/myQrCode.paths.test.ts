import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './myQrCode.paths';

describePaths(pathsModel);
