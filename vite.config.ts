import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the API to the Fastify process so the browser sees one origin,
// exactly as in production where Fastify serves the built files itself.
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: { outDir: 'dist/web', sourcemap: false },
  server: {
    proxy: { '/prod-api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
});
