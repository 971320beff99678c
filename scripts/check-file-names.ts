// `npm test -- rules` (scripts/test-all.mjs): every source file is named as the README's "Naming"
// table says, so a newcomer finds a file by what it is. dependency-cruiser checks imports, not names
// (a file that imports nothing would escape a rule on its path), so this is a script: it lists every
// odd name with the convention it breaks and exits 1 when there is one.
//
// A name is `<base>.<role>….<ext>`: the base says what the file is about, the roles what it is to it
// (`.machine`, `.paths`, `.test`, `.route`, `.types`…), lowercase kebab words each.
//   - bases are kebab-case (`link-fetch.ts`), streams end in `$` (`socket$.ts`);
//   - `src/ui/<area>/` components are PascalCase `.tsx` (`RecordListView.tsx`);
//   - `src/machines/`: a machine is `<camelCase>.machine.ts`, and the files about one machine share its
//     camelCase name (`recordList.paths.ts`, `subtitleEditor.types.ts`) — a camelCase base names a
//     machine beside it, and a kebab base must not be a machine's name spelt another way;
//   - `.machine` is followed by nothing but `.test` (`<name>.rules.ts`, not `<name>.machine.rules.ts`);
//   - migrations are `NNNN_snake_name.ts`.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The folders whose files follow the conventions (locales, fixtures — bench/ and tests/fixtures/, other projects' files named as they were — and tools have their own). */
export const CHECKED_ROOTS = ['src', 'server', 'scripts', 'tests', 'bench'];
const SKIPPED = [/^src\/i18n\/locales\//, /^bench\/fixtures\//, /^tests\/fixtures\//, /^tests\/contract\/[^/]+\.txt$/];

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const CAMEL = /^[a-z][a-z0-9]*([A-Z][a-z0-9]*)*$/;
const PASCAL = /^[A-Z][a-z0-9]*([A-Z][a-z0-9]*)*$/;
const STREAM = /^[a-z0-9]+(-[a-z0-9]+)*\$$/;
const MIGRATION = /^\d{4}_[a-z0-9]+(_[a-z0-9]+)*$/;
const ROLE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const EXTENSIONS = new Set(['ts', 'tsx', 'mjs', 'cjs', 'js', 'json', 'css', 'c', 'sh']);

interface Parsed {
  dir: string;
  base: string;
  roles: string[];
  ext: string;
}

function parse(file: string): Parsed {
  const [base = '', ...rest] = path.posix.basename(file).split('.');
  const ext = rest.pop() ?? '';
  return { dir: path.posix.dirname(file), base, roles: rest, ext };
}

const camelToKebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Why one file's name is odd, or null. `machinesIn(dir)`: the machine names of that folder. */
function problemOf(file: string, machinesIn: (dir: string) => Set<string>): string | null {
  const { dir, base, roles, ext } = parse(file);
  if (!EXTENSIONS.has(ext)) return `unexpected extension .${ext}`;
  const badRole = roles.find((role) => !ROLE.test(role));
  if (badRole !== undefined) return `role '.${badRole}' is not a lowercase kebab word`;
  const machineAt = roles.indexOf('machine');
  if (machineAt >= 0 && roles.slice(machineAt + 1).some((role) => role !== 'test')) {
    return `'.machine' is followed only by '.test' (name it <name>.${roles.slice(machineAt + 1).join('.')}.${ext})`;
  }
  if (dir === 'server/src/db/migrations') return MIGRATION.test(base) ? null : 'migrations are NNNN_snake_name.ts';
  if (/^src\/ui\/[^/]+\//.test(file) && ext === 'tsx') return PASCAL.test(base) ? null : 'components in src/ui/<area>/ are PascalCase .tsx';
  if (dir === 'src/streams' && STREAM.test(base)) return null;
  if (/^src\/machines(\/|$)/.test(dir)) {
    const machines = machinesIn(dir);
    if (roles[0] === 'machine') return CAMEL.test(base) ? null : 'machines are <camelCaseName>.machine.ts';
    if (CAMEL.test(base) && !KEBAB.test(base)) {
      return machines.has(base) ? null : `a camelCase name belongs to a machine beside it (no ${base}.machine.ts here): use kebab-case`;
    }
    const spelt = [...machines].find((machine) => camelToKebab(machine) === base && machine !== base);
    if (spelt) return `about the ${spelt} machine: name it ${[spelt, ...roles, ext].join('.')}`;
    return KEBAB.test(base) ? null : 'file names are kebab-case';
  }
  return KEBAB.test(base) ? null : 'file names are kebab-case';
}

/** Every odd name among `files` (paths relative to the repository, with '/'), as `file: why`. */
export function fileNameProblems(files: readonly string[]): string[] {
  const machines = new Map<string, Set<string>>();
  for (const file of files) {
    const { dir, base, roles } = parse(file);
    if (roles[0] !== 'machine') continue;
    if (!machines.has(dir)) machines.set(dir, new Set());
    machines.get(dir)!.add(base);
  }
  const machinesIn = (dir: string) => machines.get(dir) ?? new Set<string>();
  return files
    .filter((file) => !SKIPPED.some((pattern) => pattern.test(file)))
    .flatMap((file) => {
      const problem = problemOf(file, machinesIn);
      return problem ? [`${file}: ${problem}`] : [];
    });
}

function trackedFiles(root: string): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...CHECKED_ROOTS], { cwd: root, encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const problems = fileNameProblems(trackedFiles(root));
  for (const problem of problems) console.log(problem);
  console.log(problems.length ? `\n${problems.length} file name(s) break the conventions (README, "Naming")` : 'file names: all follow the conventions');
  process.exitCode = problems.length ? 1 : 0;
}
