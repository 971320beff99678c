import { beforeEach } from 'vitest';
import { describePaths } from '../../testing/paths';
import { pathsModel } from './home.paths';

beforeEach(() => localStorage.clear());
describePaths(pathsModel);
