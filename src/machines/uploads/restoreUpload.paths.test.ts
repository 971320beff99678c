import { beforeEach } from 'vitest';
import { describePaths } from '../../testing/paths';
import { pathsModel } from './restoreUpload.paths';

beforeEach(() => localStorage.clear());
describePaths(pathsModel);
