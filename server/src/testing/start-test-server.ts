// For tests outside server/ (the lead's end-to-end and benchmark code): a real server on
// 127.0.0.1 with a random port and a temp DATA_DIR (SQLite), closed and cleaned by close().
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import type { ServerConfig } from '../config';
import { sqliteTestConfig } from './test-config';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}, options: AppOptions = {}): Promise<TestServer> {
  const config = sqliteTestConfig({ host: '127.0.0.1', port: 0, ...overrides });
  const app = await buildApp(config, options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    async close() {
      await app.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
