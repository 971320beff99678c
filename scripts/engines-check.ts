// `npm run engines:check [-- settings.env]`: calls each configured engine once and prints latency and
// language coverage (server/src/engines/engines-check.ts). A settings file given as argument (KEY=VALUE
// lines, as engines.example.env) is read over the environment, so a profile can be tried before use.
import fs from 'node:fs';
import { loadEngineConfig } from '../server/src/engines/config';
import { checkEngines, formatEngineCheck } from '../server/src/engines/engines-check';

function readSettings(file: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) settings[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return settings;
}

const file = process.argv[2];
const config = loadEngineConfig({ ...process.env, ...(file ? readSettings(file) : {}) });
const report = await checkEngines(config);
for (const line of formatEngineCheck(report)) console.log(line);
process.exit(report.probes.every((probe) => probe.ok) ? 0 : 1);
