// Server start leaves the contract's request validators and the xlsx/zip libraries for later
// (bench/server-start.bench.ts): a route's validator compiles on its first request, the rest in the
// background once the server listens (server.ts), and exceljs loads when a sheet is first read.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sqliteTestConfig } from '../../testing/test-config';
import { compileDeferredValidators, deferredValidatorCount } from './request-validation';

const loaded = (name: string) => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes(`/node_modules/${name}/`));

it('builds the app without compiling validators or loading exceljs, and compiles them later', async () => {
  const app = await buildApp(sqliteTestConfig({ logLevel: 'silent' }));
  try {
    const waiting = deferredValidatorCount();
    expect(waiting).toBeGreaterThan(50);
    expect(loaded('exceljs')).toBe(false);
    // A route's validator compiles on its first request and still refuses bad input.
    const refused = await app.inject({ method: 'GET', url: '/prod-api/speech/audio/transcribe/search?q=a&pageSize=-1' });
    expect(refused.statusCode).not.toBe(500);
    await compileDeferredValidators();
    expect(deferredValidatorCount()).toBe(0);
  } finally {
    const dir = app.services.config.dataDir;
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
