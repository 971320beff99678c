// Rewrites every string of src/i18n/locales/zh-TW in Taiwan usage (src/i18n/taiwan-terms.ts: OpenCC
// 'cn' → 'twp', then the reviewed glossary). `--check` only lists what would change and exits 1 if
// anything would. Run it after adding zh-TW texts; src/i18n/traditional-chinese.test.ts fails until then.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toTaiwan } from '../src/i18n/taiwan-terms';

const dir = fileURLToPath(new URL('../src/i18n/locales/zh-TW', import.meta.url));
const check = process.argv.includes('--check');

function convert(value: unknown, path: string, changes: string[]): unknown {
  if (typeof value === 'string') {
    const converted = toTaiwan(value);
    if (converted !== value) changes.push(`${path}: ${value} → ${converted}`);
    return converted;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item, index) => convert(item, `${path}[${index}]`, changes));
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, convert(child, `${path}.${key}`, changes)]));
}

const changes: string[] = [];
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const path = join(dir, file);
  const before = changes.length;
  const converted = convert(JSON.parse(readFileSync(path, 'utf8')), file.replace(/\.json$/, ''), changes);
  if (!check && changes.length > before) writeFileSync(path, `${JSON.stringify(converted, null, 2)}\n`);
}
console.log(changes.join('\n'));
console.log(`${changes.length} string(s) ${check ? 'not yet' : 'now'} in Taiwan usage`);
if (check && changes.length) process.exit(1);
