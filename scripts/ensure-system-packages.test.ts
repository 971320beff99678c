// The system-package step `npm start` and `npm test` run, driven through doubles of the three
// programs it consults (dpkg-query, id, apt-get) placed first on PATH: which packages count as
// missing, the one apt-get line a non-root user is told to run, and what root installs.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const script = join(root, 'scripts/ensure-system-packages.sh');
let bin: string;

beforeAll(() => {
  bin = mkdtempSync(join(tmpdir(), 'parley-pkgs-'));
  const tool = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/bash\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  // dpkg-query -W -f='${Status}' <pkg>: installed when the package is in FAKE_INSTALLED.
  tool('dpkg-query', 'pkg="${@: -1}"; for p in $FAKE_INSTALLED; do [ "$p" = "$pkg" ] && { printf "install ok installed"; exit 0; }; done; exit 1');
  tool('id', 'echo "$FAKE_UID"');
  tool('apt-get', 'echo "$*" >> "$FAKE_APT_LOG"; exit "${FAKE_APT_EXIT:-0}"');
});
afterAll(() => rmSync(bin, { recursive: true, force: true }));

function run(args: string[], env: { installed: string[]; uid: number; aptExit?: number }) {
  const aptLog = join(bin, `apt-${Math.random().toString(36).slice(2)}.log`);
  writeFileSync(aptLog, '');
  const result = spawnSync('bash', [script, ...args], {
    encoding: 'utf8',
    env: {
      PATH: `${bin}:/usr/bin:/bin`,
      FAKE_INSTALLED: env.installed.join(' '),
      FAKE_UID: String(env.uid),
      FAKE_APT_LOG: aptLog,
      FAKE_APT_EXIT: String(env.aptExit ?? 0),
    },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, apt: readFileSync(aptLog, 'utf8').trim().split('\n').filter(Boolean) };
}

// The streaming recogniser's helper is compiled against libpocketsphinx, so the build tools are product too.
const BUILD = ['libpocketsphinx-dev', 'libsphinxbase-dev', 'gcc', 'libc6-dev', 'pkg-config'];
const PRODUCT = ['ffmpeg', 'espeak-ng', 'flite', 'pocketsphinx', 'pocketsphinx-en-us', 'apertium', 'apertium-eng-spa', ...BUILD];

describe('ensure-system-packages.sh', () => {
  it('does nothing and succeeds when every package of the set is installed', () => {
    const result = run(['product'], { installed: PRODUCT, uid: 1000 });
    expect(result).toMatchObject({ status: 0, stdout: '', stderr: '', apt: [] });
  });

  it('tells a non-root user the one apt-get line for exactly the missing packages, and fails', () => {
    const result = run(['product'], { installed: ['ffmpeg', 'espeak-ng', 'flite', 'pocketsphinx', ...BUILD], uid: 1000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Install them with: sudo apt-get install pocketsphinx-en-us apertium apertium-eng-spa\n');
    expect(result.apt).toEqual([]);
  });

  it('installs the missing packages as root', () => {
    const result = run(['product'], { installed: ['espeak-ng', 'flite', 'apertium', 'apertium-eng-spa', 'pocketsphinx', ...BUILD], uid: 0 });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Installing Debian packages: ffmpeg pocketsphinx-en-us');
    expect(result.apt).toEqual(['update -qq', 'install -y -qq --no-install-recommends ffmpeg pocketsphinx-en-us']);
  });

  it('fails when apt-get fails, so the server does not start without its engines', () => {
    const result = run(['product'], { installed: [], uid: 0, aptExit: 100 });
    expect(result.status).not.toBe(0);
  });

  it('asks only for the engines in the product set; the full set adds what the tests use', () => {
    expect(run(['product'], { installed: PRODUCT, uid: 1000 }).status).toBe(0);
    const all = run([], { installed: PRODUCT, uid: 1000 });
    expect(all.status).toBe(1);
    expect(all.stderr).toContain('sudo apt-get install chromium sox fonts-noto-cjk');
    expect(run(['sox'], { installed: [], uid: 1000 }).stderr).toContain('sudo apt-get install sox\n');
  });

  it('is the first step of npm start, before the build', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toMatch(/^bash scripts\/ensure-system-packages\.sh product && npm run build && /);
  });
});
