import { beforeEach } from 'vitest';
import { describePaths } from '../../shared/testing/paths';
import { pathsModel } from './home.paths';

beforeEach(() => localStorage.clear());
describePaths(pathsModel);
