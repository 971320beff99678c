// What the first page of a visit needs at once, shared by the client (which loads it) and the server
// (which names it in the page it serves, so the browser fetches it with the HTML instead of after the
// entry has run: issue 27). A page missing here still works; it only loads one step after another.
import { DEFAULT_LOCALE, type Locale } from './limits';

/** Locale texts every page loads before its first render (src/i18n/index.ts). */
export const EAGER_NAMESPACES = ['common', 'api', 'auth'] as const;

export interface FirstPage {
  /**
   * The source modules the page runs at once, as the build manifest names them: its route modules,
   * the rest of the theme (every signed-in page waits for it) and the API client (its first call).
   * A module that is not a page of its own (src/api/client.ts) is found by its chunk's name.
   */
  modules: readonly string[];
  /** The locale texts it renders at once beyond EAGER_NAMESPACES. */
  namespaces: readonly string[];
  /** More modules the page runs at once only when the address has this query parameter. */
  withParam?: { name: string; modules: readonly string[] };
}

const SIGNED_IN_SHARED = ['src/ui/theme-more-recipes.ts', 'src/api/client.ts'] as const;

/** The signed-in pages a visit most often opens first, by path. */
export const FIRST_PAGES: Readonly<Record<string, FirstPage>> = {
  '/recordList': {
    modules: ['src/routes/main-layout.route.tsx', 'src/routes/records/record-list.route.tsx', ...SIGNED_IN_SHARED],
    namespaces: ['nav', 'pages', 'records', 'uploadDialog'],
  },
  '/meeting': {
    modules: ['src/routes/meetings/meeting.route.tsx', ...SIGNED_IN_SHARED],
    // vocabulary: the setup form's term-library picker.
    namespaces: ['pages', 'meetings', 'vocabulary'],
  },
  // Without a task (?id=) the page is a notice: the editor's code is not fetched.
  '/dub': {
    modules: ['src/routes/dub-editor/dub-editor.route.tsx', ...SIGNED_IN_SHARED],
    namespaces: ['pages', 'dubEditor', 'dubTimeline'],
    withParam: { name: 'id', modules: ['src/routes/dub-editor/task-editor.tsx'] },
  },
  '/meetingDetail': {
    modules: ['src/routes/transcript/meeting-detail.route.tsx', ...SIGNED_IN_SHARED],
    namespaces: ['pages'],
  },
};

/**
 * The sign-in pages, for a visit without a session. Their texts and chunks otherwise came one after
 * the other on /login: the entry, then (once it ran) the texts, then (once those had arrived and the
 * page rendered) the page's chunks — two round trips after the entry on a phone's network (issue 27).
 * The sign-in page's own code is the build's `sign-in` chunk (vite.config.ts, signInPageGroup).
 */
export const SIGN_IN_FIRST_PAGES: Readonly<Record<string, FirstPage>> = {
  '/login': { modules: ['sign-in'], namespaces: [] },
  '/register': { modules: ['src/routes/session/register.route.tsx'], namespaces: [] },
};

/** The one file a first page's texts come in: the eager namespaces and the page's own. */
export interface FirstTexts {
  /** The file's name in the build: assets/locales/<hash>/<locale>/first/<name>.json. */
  name: string;
  namespaces: readonly string[];
}

/** Every page without texts of its own beyond the eager ones (the sign-in pages, and any other page). */
export const EAGER_TEXTS: FirstTexts = { name: 'eager', namespaces: EAGER_NAMESPACES };

/**
 * The texts the page at this address renders first, as one file instead of one a namespace: on a
 * phone's network each file is a request of its own on the browser's few connections (issue 27).
 */
export function firstTextsOf(pathname: string, signedIn: boolean): FirstTexts {
  const page = signedIn ? FIRST_PAGES[pathname] : undefined;
  return page?.namespaces.length ? { name: pathname.slice(1), namespaces: [...EAGER_NAMESPACES, ...page.namespaces] } : EAGER_TEXTS;
}

/** Every first-texts file the build writes. */
export function allFirstTexts(): FirstTexts[] {
  return [EAGER_TEXTS, ...Object.keys(FIRST_PAGES).map((pathname) => firstTextsOf(pathname, true))];
}

/** The interface locale a browser language tag (navigator.language, Accept-Language's first) asks for. */
export function localeOfLanguageTag(tag: string | undefined): Locale {
  const browser = (tag ?? '').trim().toLowerCase();
  if (browser === 'zh' || browser === 'zh-cn' || browser.startsWith('zh-hans')) return 'zh-CN';
  if (browser === 'zh-tw' || browser === 'zh-hk' || browser.startsWith('zh-hant')) return 'zh-TW';
  if (browser === 'en' || browser.startsWith('en-')) return 'en-US';
  return DEFAULT_LOCALE;
}
