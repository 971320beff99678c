import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three suites, run separately by scripts/test-all.mjs so each reports its own counts.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/support/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          // One worker per core (vitest's default leaves one idle): nothing else runs beside this suite.
          maxWorkers: Math.max(2, availableParallelism()),
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          // Every answer of a server test is checked against the contract (server/src/testing/answer-contract.ts).
          setupFiles: ['server/src/testing/answer-contract.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest's default is one worker per core but one: on 2 cores the files ran one at a time while
          // their tests mostly wait on child processes, sockets and disk. Files are independent (temp data
          // folders, random ports, a fresh PostgreSQL schema and Redis prefix each; a migration looks only
          // at its own schema: db/own-schema-introspector.ts, db/concurrent-migrations.test.ts), so one
          // worker per core.
          maxWorkers: Math.max(2, availableParallelism()),
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
