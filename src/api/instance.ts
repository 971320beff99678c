// The app-wide client. Routes and machine actors import it; UI components never do.
import { DEFAULT_LOCALE } from '../shared/contract/limits';
import { readStoredLocale, readToken } from '../shared/session-storage';
import { createApi } from './client';

export const api = createApi({ getToken: readToken, getLocale: () => readStoredLocale() ?? DEFAULT_LOCALE });
