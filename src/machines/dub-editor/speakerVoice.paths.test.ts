// @vitest-environment node
import { describePaths } from '../../testing/paths';
import { pathsModel } from './speakerVoice.paths';

describePaths(pathsModel);
