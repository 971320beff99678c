import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { CSP_NONCE_PLACEHOLDER } from './src/shared/contract/csp';

const REACT_ROUTER_PRODUCTION = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

// The dev server proxies the API to the Fastify process so the browser sees one origin,
// exactly as in production where Fastify serves the built files itself.
export default defineConfig(({ command }) => ({
  plugins: [react()],
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
    rolldownOptions: {
      // Chakra's theme module builds its full default theme (every recipe of every component) with a
      // top-level defineConfig() call that the bundler must otherwise assume has side effects, so all
      // recipes landed in the first-paint bundle although src/ui/theme.ts registers only the few the app
      // uses. defineConfig is an identity function in Chakra; marking it pure lets the unused default
      // theme (and the recipes only it references) be dropped.
      treeshake: { manualPureFunctions: ['defineConfig'] },
    },
  },
  server: {
    proxy: { '/prod-api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
}));
