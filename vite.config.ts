import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { CSP_NONCE_PLACEHOLDER } from './src/shared/contract/csp';
import { chakraGlobalCss } from './scripts/vite/chakra-global-css';
import { localeAssets } from './scripts/vite/locale-assets';
import { firstPageChunks, firstPageRoots } from './scripts/vite/first-page-chunks';
import { neededModules, type ModuleGraph } from './scripts/vite/needed-modules';

const REACT_ROUTER_PRODUCTION = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

// The dev server proxies the API to the Fastify process so the browser sees one origin,
// exactly as in production where Fastify serves the built files itself.
/**
 * Chakra, Ark and Zag define every component's anatomy at module level (`createAnatomy(…).parts(…)`,
 * `x.extendWith(…)`, `anatomy.build()`), calls the bundler must otherwise assume have side effects, so
 * the anatomies of components the app never renders (colour picker, date picker, …) stayed in the
 * first-paint bundle. These calls only build objects; marking them pure lets the unused ones go.
 */
function pureAnatomies(): Plugin {
  const anatomyModule = /node_modules[\\/](@zag-js|@ark-ui|@chakra-ui)[\\/].*anatomy\.m?js$/;
  return {
    name: 'parley:pure-anatomies',
    apply: 'build',
    transform(code, id) {
      if (!anatomyModule.test(id)) return null;
      return { code: code.replace(/(=\s*)(?=[\w$]+(?:\.[\w$]+)?\()/g, '$1/* @__PURE__ */ '), map: null };
    },
  };
}

/**
 * React Router builds its components at module level with unannotated calls
 * (`var NavLink = React.forwardRef(…)`) and names them (`NavLink.displayName = "NavLink"`), both of
 * which the bundler must assume have side effects, so every component stayed in the bundle: NavLink,
 * Form with its submission code, ScrollRestoration, … although the app renders none of them. The
 * build marks those React calls pure and drops the names (they only serve React DevTools).
 */
function reactRouterTreeShaking(): Plugin {
  const routerModule = /node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/;
  return {
    name: 'parley:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!routerModule.test(id)) return null;
      const withoutNames = code.replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '');
      return { code: withoutNames.replace(/(?<![\w$.])(React\d*\.(?:forwardRef|memo|createContext)\()/g, '/* @__PURE__ */ $1'), map: null };
    },
  };
}

const SIGN_IN_PAGE = fileURLToPath(new URL('./src/routes/session/login.route.tsx', import.meta.url));
const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

const SESSION_AREA = /[\\/]src[\\/](api|machines|routes|ui)[\\/]session[\\/]/;

/** Chakra's recipe modules: src/ui/theme.ts registers some at start, the rest load later. */
const CHAKRA_RECIPE = /[\\/]@chakra-ui[\\/]react[\\/].*[\\/]theme[\\/]recipes[\\/]([\w-]+)\.js$/;

/**
 * The recipe files of the recipes src/ui/theme.ts imports (`alertSlotRecipe` is recipes/alert.js),
 * read from its source: they belong in the shell with the theme, the others in the chunk that
 * registers them later. Both import from Chakra's theme barrel, which alone cannot tell them apart.
 */
function firstPaintRecipeFiles(): Set<string> {
  const theme = readFileSync(fileURLToPath(new URL('./src/ui/theme.ts', import.meta.url)), 'utf8');
  const names = /import \{([^}]*)\} from '@chakra-ui\/react\/theme'/.exec(theme)?.[1] ?? '';
  return new Set(
    [...names.matchAll(/(\w+?)(?:Slot)?Recipe\b/g)].map(([, name]) => name!.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)),
  );
}

/** Whether a module belongs in the shell as far as recipes go: not a recipe, or a first-paint one. */
function shellRecipeFilter(): (id: string) => boolean {
  const firstPaint = firstPaintRecipeFiles();
  return (id) => {
    const recipe = CHAKRA_RECIPE.exec(id)?.[1];
    return recipe === undefined || firstPaint.has(recipe);
  };
}
/** Chakra's theme: its index imports every recipe (so it must not pull them into a page's chunk). */
const isChakraTheme = (id: string) => /[\\/]@chakra-ui[\\/]react[\\/].*[\\/]theme[\\/]/.test(id);

/**
 * The sign-in page's own modules (src/) beyond the shell. Only src/ is grouped by what the page
 * imports: through a library's barrel (`@chakra-ui/react`) the page would "reach" every component.
 */
function signInPageGroup() {
  let page: Set<string> | null = null;
  return {
    name(id: string, graph: ModuleGraph) {
      // Every static import, barrels too (no barrel list): only src/ modules are grouped here.
      page ??= neededModules(SIGN_IN_PAGE, graph, []);
      if (!page.has(id) || /[\\/]node_modules[\\/]/.test(id)) return null;
      // The few modules other areas import too (RouterLink, the visitor sign-in a meeting link uses, the
      // countdown) go to a small chunk of their own: inside this one they made /meeting fetch and run the
      // whole sign-in page (~7 KB gzip, issue 27). The other sign-in pages share this chunk as before.
      const info = graph.getModuleInfo(id);
      const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
      const sharedBeyondSignIn = id !== SIGN_IN_PAGE && importers.some((importer) => !page!.has(importer) && !SESSION_AREA.test(importer));
      return sharedBeyondSignIn ? 'sign-in-shared' : 'sign-in';
    },
    // The page's code alone: the library components it renders go to the group below, shared with
    // the other pages without the sign-in code.
    includeDependenciesRecursively: false,
    priority: 1,
  };
}

/**
 * The library code the sign-in page uses beyond the shell (with what it imports), which most pages
 * use too: the Chakra components it renders and RxJS's timer (the verification code's countdown).
 * Listed by file: a whole component folder would bring its siblings other pages use (CloseButton
 * beside Button). A component missing here still works; it only lands in a chunk of its own.
 */
const SIGN_IN_LIBRARIES = [
  /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](alert[\\/]alert|box[\\/]index|button[\\/]button|card[\\/]card|center[\\/]center|field[\\/]field|flex[\\/]flex|heading[\\/]index|input[\\/]input|link[\\/]link|separator[\\/]separator|spinner[\\/]spinner|stack[\\/](h-)?stack|text[\\/]index)\.js$/,
  /[\\/]rxjs[\\/]dist[\\/]esm[\\/]internal[\\/](observable[\\/]timer|operators[\\/]take)\.js$/,
];

/**
 * @emotion/react imports hoist-non-react-statics bare (`import 'hoist-non-react-statics'`) for its
 * withTheme, so the module (and react-is with it) stayed in every page although nothing renders
 * withTheme. Neither module does anything when loaded but define functions.
 */
function sideEffectFreeHoisting(): Plugin {
  const definitionsOnly = /node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/;
  return {
    name: 'parley:side-effect-free-hoisting',
    apply: 'build',
    transform(code, id) {
      return definitionsOnly.test(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

/**
 * react-i18next and @xstate/react import `use-sync-external-store/shim`, the backport of React 18's
 * useSyncExternalStore to older Reacts, which ships its own implementation beside the check. This
 * app runs React 19: the build hands them React's own hook.
 */
function nativeUseSyncExternalStore(): Plugin {
  const shim = /^use-sync-external-store\/shim(\/index\.js)?$/;
  const native = '\0parley:use-sync-external-store';
  return {
    name: 'parley:native-use-sync-external-store',
    enforce: 'pre',
    apply: 'build',
    resolveId: (source) => (shim.test(source) ? native : null),
    load: (id) => (id === native ? "export { useSyncExternalStore } from 'react';" : null),
  };
}

/**
 * Every text file of the build gets a Brotli (.br) and a gzip (.gz) sibling, made once at build time
 * at the highest levels, which the server's static plugin sends as they are to a browser that accepts
 * them (server/src/plugins/external/web-static.ts, preCompressed). Every one, small files included, so
 * no text file is left for the server to compress per request. index.html is left out: the server
 * builds it per request (a fresh CSP nonce) and compresses that answer itself.
 */
const precompressedTextFiles = () =>
  compression({
    algorithms: ['brotliCompress', 'gzip'],
    include: /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ico)$/,
    exclude: /(^|[\\/])index\.html$/,
    threshold: 0,
    skipIfLargerOrEqual: false,
    logLevel: 'silent',
  });

/**
 * The chunks of the pages a visit most often opens first. It reads the module graph once, at the first
 * module it is asked about (a `vite build --watch` would keep the first build's answer).
 */
const firstPages = firstPageChunks({ pages: firstPageRoots(new URL('./', import.meta.url)), entry: ENTRY, signInPage: SIGN_IN_PAGE });

export default defineConfig(({ command }) => ({
  plugins: [react(), ...chakraGlobalCss(), localeAssets(fileURLToPath(new URL('./src', import.meta.url))), pureAnatomies(), reactRouterTreeShaking(), sideEffectFreeHoisting(), nativeUseSyncExternalStore(), precompressedTextFiles()],
  resolve: {
    // rxjs answers 'es2015' with its ES2015 build; without it the bundle gets the ES5 one plus tslib's
    // helpers (~2 KB gzip more on every page, /login included).
    conditions: ['es2015', ...defaultClientConditions],
    // React Router 7 ships a production build (dev warnings compiled out) but its package exports
    // point every condition at the development one (remix-run/react-router#12532, "temporary"), so
    // production bundles carried its warning code. The build takes the production files; the dev
    // server and the tests keep the warnings.
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  base: '/',
  // Writes the placeholder into index.html's script/style tags and a <meta property="csp-nonce">; the
  // server swaps in a fresh nonce per page (server/src/plugins/external/security-headers.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir: 'dist/web',
    sourcemap: false,
    // dist/web/.vite/manifest.json: the server reads each page's chunks from it to preload them with the
    // page (server/src/plugins/external/page-preloads.ts, issue 27).
    manifest: true,
    // The polyfill serves browsers without <link rel="modulepreload"> (all current ones have it):
    // ~0.4 KB gzip on every first load for none of the browsers the app supports.
    modulePreload: {
      polyfill: false,
      // Every dynamic import in the entry chunk carries the list of files to preload with it, and
      // the entry is what /login pays for before its form paints. Only the sign-in pages and the
      // first screen after sign-in (main layout, home) keep that list; the other pages load their
      // chunk and then its imports — one more round trip the first time a page is opened.
      resolveDependencies: (filename, deps, { hostId, hostType }) => {
        const fromEntry = hostType === 'js' && /(^|\/)index-[^/]*\.js$/.test(hostId);
        // The sign-in page's chunk is named by its group (sign-in-*), no longer login.route-*.
        const keeps = /(^|\/)(login\.route|sign-in)-/.test(filename);
        // WeChat's panel is opened by few; its imports load after its chunk rather than costing /login a list.
        if (/(^|\/)wechat-sign-in-/.test(filename)) return [];
        return fromEntry && !keeps ? [] : deps;
      },
    },
    rolldownOptions: {
      // Chakra's theme module builds its full default theme (every recipe of every component) with a
      // top-level defineConfig() call that the bundler must otherwise assume has side effects, so all
      // recipes landed in the first-paint bundle although src/ui/theme.ts registers only the few the app
      // uses. defineConfig is an identity function in Chakra; marking it pure lets the unused default
      // theme (and the recipes only it references) be dropped.
      treeshake: { manualPureFunctions: ['defineConfig'] },
      // Constants (limits, keys) are written where they are used instead of being exported from the
      // shell chunk for every page that reads one.
      optimization: { inlineConst: { mode: 'all', pass: 2 } },
      output: {
        // /login fetches three chunks: the shell every page starts from, the sign-in page and the
        // library components it renders. Automatic chunking made ~30 small files of them, each with
        // its own import glue and compressed without its neighbours' context.
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              tags: ['$initial'],
              // Only what main.tsx itself imports: not the modules a barrel import could reach (all of
              // Chakra's recipes, through @chakra-ui/react/theme), which tree-shaking would otherwise
              // drop, and of the recipes only those the first paint registers.
              includeDependenciesRecursively: false,
              test: shellRecipeFilter(),
              priority: 2,
            },
            signInPageGroup(),
            // …with the library modules the first pages share with it (scripts/vite/first-page-chunks.ts).
            { name: (id: string, graph: ModuleGraph) => (SIGN_IN_LIBRARIES.some((library) => library.test(id)) || firstPages.isSharedLibrary(id, graph) ? 'libraries' : null), priority: 0 },
            firstPages.group,
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/prod-api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
}));
