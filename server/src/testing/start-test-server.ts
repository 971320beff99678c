// For tests outside server/ (the lead's end-to-end and benchmark code): a real server on
// 127.0.0.1 with a random port and a temp DATA_DIR (SQLite), closed and cleaned by close().
// Defaults: NODE_ENV=development (so /dev/outbox.json serves the codes), the repository's
// dist/web as WEB_DIR (built by `npm run build`), logging silent. Any field can be overridden.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import type { ServerConfig } from '../config';
import { sqliteTestConfig } from './test-config';

export const REPOSITORY_WEB_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));

export interface TestServer {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}, options: AppOptions = {}): Promise<TestServer> {
  const config = sqliteTestConfig({ host: '127.0.0.1', port: 0, nodeEnv: 'development', webDir: REPOSITORY_WEB_DIR, ...overrides });
  const ownsDataDir = overrides.dataDir === undefined;
  const app = await buildApp(config, options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    async close() {
      await app.close();
      if (ownsDataDir) fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
