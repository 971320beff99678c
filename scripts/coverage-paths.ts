// `npm run coverage:paths`: states and transitions of every machine that the generated path tests
// reach. Loads each src/machines/<area>/*.paths.ts (convention in src/shared/testing/paths.ts).
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { measureCoverage, type PathsCoverage, type PathsModel } from '../src/shared/testing/paths';

const machinesDir = fileURLToPath(new URL('../src/machines/', import.meta.url));

function percent(covered: number, total: number): string {
  return total === 0 ? '  -  ' : `${Math.round((covered / total) * 100)}%`.padStart(5);
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

async function main() {
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
  const rows = [
    ['machine', 'paths', 'states', '', 'transitions', ''],
    ...results.map((r) => [
      r.name,
      String(r.paths),
      `${r.states.covered}/${r.states.total}`,
      percent(r.states.covered, r.states.total),
      `${r.transitions.covered}/${r.transitions.total}`,
      percent(r.transitions.covered, r.transitions.total),
    ]),
  ];
  const states = [sum((r) => r.states.covered), sum((r) => r.states.total)] as const;
  const transitions = [sum((r) => r.transitions.covered), sum((r) => r.transitions.total)] as const;
  rows.push([
    `TOTAL (${results.length} machines)`,
    String(sum((r) => r.paths)),
    `${states[0]}/${states[1]}`,
    percent(...states),
    `${transitions[0]}/${transitions[1]}`,
    percent(...transitions),
  ]);

  console.log('Path coverage (generated paths from xstate/graph)\n');
  console.log(table(rows));
  for (const r of results) {
    if (!r.states.missing.length && !r.transitions.missing.length) continue;
    console.log(`\n${r.name} — not reached:`);
    for (const state of r.states.missing) console.log(`  state       ${state}`);
    for (const transition of r.transitions.missing) console.log(`  transition  ${transition}`);
  }
  if (problems.length) {
    console.log('\nCould not measure:');
    for (const problem of problems) console.log(`  ${problem}`);
    process.exitCode = 1;
  }
}

await main();
