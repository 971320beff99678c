// `npm test -- rules` (scripts/test-all.mjs): no non-test source file over 400 lines and no function
// over 150 (declarations, function expressions, arrows, methods, accessors, constructors), measured
// with the TypeScript compiler so a string or comment that looks like code never counts. Prints every
// offender with file:line and its size.
//
// Files and functions still over the limits today are listed in scripts/source-size-allowlist.json.
// The check fails on an offender that is not listed (a new giant) and on a listed entry that is no
// longer an offender (cut, renamed or gone: take it off the list), so the list can only shrink.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 150;

const CHECKED_ROOTS = ['src', 'server', 'scripts', 'bench'];
/** Generated, or written once and never edited: measured by what produced them, not here. */
const EXEMPT = [/^src\/api\/schema\.d\.ts$/, /^server\/src\/db\/migrations\//];
const TEST_FILE = /\.test\.tsx?$/;
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;

export interface Offender {
  /** `file` for a file, `file > name` for a function: what the allow-list names. */
  key: string;
  file: string;
  line: number;
  lines: number;
  kind: 'file' | 'function';
}

export interface Allowlist {
  files: string[];
  functions: string[];
}

/** Whether a repository path is a source file the limits apply to. */
export function isMeasured(file: string): boolean {
  return SOURCE.test(file) && !TEST_FILE.test(file) && !EXEMPT.some((pattern) => pattern.test(file));
}

/** Physical lines of a text (a last line without a newline counts; the empty text has none). */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function propertyName(name: ts.PropertyName | ts.BindingName, source: ts.SourceFile): string {
  return ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : name.getText(source);
}

/** What a reader calls a function: its own name, the name it is assigned to, or the call it is passed to. */
function functionName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return propertyName(node.name, source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (ts.isFunctionDeclaration(node)) return 'default'; // `export default function () {}`, the one unnamed declaration
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return propertyName(parent.name, source);
  if (ts.isExportAssignment(parent)) return 'default';
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression;
    const calleeName = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : 'call';
    return `${calleeName}(…)`;
  }
  return '(anonymous)';
}

/** Every file and function of one source text over the limits. */
export function offendersIn(file: string, text: string): Offender[] {
  const offenders: Offender[] = [];
  const fileLines = lineCount(text);
  if (fileLines > MAX_FILE_LINES) offenders.push({ key: file, file, line: 1, lines: fileLines, kind: 'file' });
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > MAX_FUNCTION_LINES) {
        const name = functionName(node as ts.FunctionLikeDeclaration, source);
        offenders.push({ key: `${file} > ${name}`, file, line: start + 1, lines, kind: 'function' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return offenders;
}

/** Offenders the list does not allow, and listed entries that are no longer offenders. */
export function compareWithAllowlist(offenders: readonly Offender[], allowlist: Allowlist) {
  const allowed = new Set([...allowlist.files, ...allowlist.functions]);
  const found = new Set(offenders.map((offender) => offender.key));
  return {
    unexpected: offenders.filter((offender) => !allowed.has(offender.key)),
    stale: [...allowed].filter((key) => !found.has(key)).sort(),
  };
}

function measuredFiles(root: string): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...CHECKED_ROOTS], { cwd: root, encoding: 'utf8' });
  return out.split('\n').filter((file) => file && isMeasured(file));
}

function main(): number {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const allowlistFile = path.join(root, 'scripts/source-size-allowlist.json');
  const allowlist = JSON.parse(readFileSync(allowlistFile, 'utf8')) as Allowlist;
  const offenders = measuredFiles(root).flatMap((file) => offendersIn(file, readFileSync(path.join(root, file), 'utf8')));
  const { unexpected, stale } = compareWithAllowlist(offenders, allowlist);
  const unlisted = new Set(unexpected);
  for (const offender of offenders) {
    const limit = offender.kind === 'file' ? MAX_FILE_LINES : MAX_FUNCTION_LINES;
    const what = offender.kind === 'file' ? 'file' : `function ${offender.key.slice(offender.file.length + 3)}`;
    const status = unlisted.has(offender) ? 'NEW' : 'listed';
    console.log(`${status.padEnd(6)} ${offender.file}:${offender.line}  ${what}: ${offender.lines} lines (limit ${limit})`);
  }
  for (const key of stale) console.log(`STALE  ${key}: within the limits now (or gone) — take it off scripts/source-size-allowlist.json`);
  const failed = unexpected.length + stale.length;
  console.log(
    failed
      ? `\nsource size: ${unexpected.length} new offender(s), ${stale.length} stale allow-list entr${stale.length === 1 ? 'y' : 'ies'}`
      : `\nsource size: no new offenders (${offenders.length} listed, to be cut)`,
  );
  return failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main();
