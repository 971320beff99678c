// `npm run coverage:paths`: states and transitions of every machine that the generated path tests
// reach. Loads each src/machines/<area>/*.paths.ts (convention in src/testing/paths.ts).
// Prints a table and exits 1 when any machine has a state or transition that no generated path
// reaches and that is not declared unreachable (with the reason), or when a model cannot be measured
// or declares wrongly: path coverage is 100% or the run fails.
// `npm run coverage:paths -- --html <file>` also writes one self-contained page with every
// machine's state graph (scripts/coverage-paths/: graph, layout, html).
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { measureCoverage, type CoverageCount, type PathsCoverage, type PathsModel } from '../src/testing/paths';
import { renderCoverageHtml } from './coverage-paths/html';

const machinesDir = fileURLToPath(new URL('../src/machines/', import.meta.url));

function percent(covered: number, total: number): string {
  return total === 0 ? '  -  ' : `${Math.round((covered / total) * 100)}%`.padStart(5);
}

/** `text` wrapped to lines of about `width` characters, each after `indent`. */
function wrap(text: string, indent: string, width = 96): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((text) => indent + text).join('\n');
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row, index) => {
      const line = row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)));
      const text = line.join('  ');
      return index === 0 ? `${text}\n${'-'.repeat(text.length)}` : text;
    })
    .join('\n');
}

async function loadModels(): Promise<Array<{ file: string; model?: PathsModel; error?: unknown }>> {
  const files = readdirSync(machinesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.paths.ts'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      try {
        const module = (await import(pathToFileURL(path.join(machinesDir, file)).href)) as { pathsModel?: PathsModel };
        return module.pathsModel ? { file, model: module.pathsModel } : { file, error: 'exports no pathsModel' };
      } catch (error) {
        return { file, error };
      }
    }),
  );
}

function htmlFileArgument(args: string[]): string | undefined {
  const at = args.indexOf('--html');
  if (at < 0) return undefined;
  const file = args[at + 1];
  if (!file || file.startsWith('--')) throw new Error('--html needs a file name: npm run coverage:paths -- --html coverage.html');
  return path.resolve(file);
}

async function main() {
  const htmlFile = htmlFileArgument(process.argv.slice(2));
  const loaded = await loadModels();
  const results: PathsCoverage[] = [];
  const problems: string[] = [];
  for (const { file, model, error } of loaded) {
    if (!model) {
      problems.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    try {
      results.push(measureCoverage(model));
    } catch (failure) {
      problems.push(`${file}: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  }

  const sum = (pick: (r: PathsCoverage) => number) => results.reduce((total, r) => total + pick(r), 0);
  // Declared unreachable states and transitions are counted apart: the share is of the reachable.
  const reachable = (count: CoverageCount) => count.total - count.unreachable.length;
  const unreachableCell = (r: PathsCoverage) => {
    const parts = [];
    if (r.states.unreachable.length) parts.push(`${r.states.unreachable.length} st`);
    if (r.transitions.unreachable.length) parts.push(`${r.transitions.unreachable.length} tr`);
    return parts.join(', ') || '-';
  };
  const rows = [
    ['machine', 'paths', 'states', '', 'transitions', '', 'unreachable'],
    ...results.map((r) => [
      r.name,
      String(r.paths),
      `${r.states.covered}/${reachable(r.states)}`,
      percent(r.states.covered, reachable(r.states)),
      `${r.transitions.covered}/${reachable(r.transitions)}`,
      percent(r.transitions.covered, reachable(r.transitions)),
      unreachableCell(r),
    ]),
  ];
  const states = [sum((r) => r.states.covered), sum((r) => reachable(r.states))] as const;
  const transitions = [sum((r) => r.transitions.covered), sum((r) => reachable(r.transitions))] as const;
  const unreachableTotals = [sum((r) => r.states.unreachable.length), sum((r) => r.transitions.unreachable.length)] as const;
  rows.push([
    `TOTAL (${results.length} machines)`,
    String(sum((r) => r.paths)),
    `${states[0]}/${states[1]}`,
    percent(...states),
    `${transitions[0]}/${transitions[1]}`,
    percent(...transitions),
    `${unreachableTotals[0]} st, ${unreachableTotals[1]} tr`,
  ]);

  console.log('Path coverage (generated paths from xstate/graph)');
  console.log('covered/reachable; declared unreachable (with the reason) counted apart\n');
  console.log(table(rows));
  for (const r of results) {
    if (!r.states.missing.length && !r.transitions.missing.length) continue;
    console.log(`\n${r.name} — not reached:`);
    for (const state of r.states.missing) console.log(`  state       ${state}`);
    for (const transition of r.transitions.missing) console.log(`  transition  ${transition}`);
  }
  for (const r of results) {
    if (!r.states.unreachable.length && !r.transitions.unreachable.length) continue;
    console.log(`\n${r.name} — declared unreachable:`);
    for (const { name, reason } of r.states.unreachable) console.log(`  state       ${name}\n${wrap(`why: ${reason}`, '              ')}`);
    for (const { name, reason } of r.transitions.unreachable) console.log(`  transition  ${name}\n${wrap(`why: ${reason}`, '              ')}`);
  }
  for (const r of results) for (const problem of r.problems) problems.push(`${r.name}: ${problem}`);
  if (htmlFile) {
    writeFileSync(htmlFile, renderCoverageHtml(results));
    console.log(`\nState graphs written to ${htmlFile}`);
  }
  const incomplete = results.filter((r) => r.states.missing.length || r.transitions.missing.length);
  if (incomplete.length) {
    console.log('\nBelow 100% (reach them with the model\'s events, or declare them unreachable with the reason):');
    for (const r of incomplete) console.log(`  ${r.name}: ${r.states.missing.length} states, ${r.transitions.missing.length} transitions not reached`);
    process.exitCode = 1;
  }
  if (problems.length) {
    console.log('\nCould not measure:');
    for (const problem of problems) console.log(`  ${problem}`);
    process.exitCode = 1;
  }
}

await main();
