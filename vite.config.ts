import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { CSP_NONCE_PLACEHOLDER } from './src/shared/contract/csp';

// The dev server proxies the API to the Fastify process so the browser sees one origin,
// exactly as in production where Fastify serves the built files itself.
export default defineConfig({
  plugins: [react()],
  base: '/',
  // Writes the placeholder into index.html's script/style tags and a <meta property="csp-nonce">; the
  // server swaps in a fresh nonce per page (server/src/plugins/external/security-headers.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: { outDir: 'dist/web', sourcemap: false },
  server: {
    proxy: { '/prod-api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
});
