// The README promises a Node.js version; every installed package must accept it, or `npm ci` warns
// EBADENGINE and a package may fail at run time (issue 10 part 12: cookie 2, content-disposition 3
// and nanoid 6 wanted Node 22). Reads what is really installed, nested copies included.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** "Requires Node.js 20.19+" in the README's quick start → "20.19.0". */
function promisedNodeVersion(readme: string): string {
  const match = /Node\.js (\d+(?:\.\d+){0,2})\+/.exec(readme);
  if (!match) throw new Error('README names no "Node.js N+" requirement');
  return semver.coerce(match[1])!.version;
}

interface InstalledPackage {
  dir: string;
  name: string;
  version: string;
  nodeRange: string;
}

function installedPackages(nodeModules: string): InstalledPackage[] {
  const found: InstalledPackage[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        visit(path);
        continue;
      }
      const manifest = join(path, 'package.json');
      if (existsSync(manifest)) {
        const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string; engines?: { node?: unknown } };
        if (typeof json.engines?.node === 'string') {
          found.push({ dir: path, name: json.name ?? entry.name, version: json.version ?? '?', nodeRange: json.engines.node });
        }
      }
      const nested = join(path, 'node_modules');
      if (existsSync(nested)) visit(nested);
    }
  };
  visit(nodeModules);
  return found;
}

describe('installed packages accept the Node.js version the README promises', () => {
  const promised = promisedNodeVersion(readFileSync(join(root, 'README.md'), 'utf8'));

  it('reads the promise from the README', () => {
    expect(promisedNodeVersion('Requires Node.js 20+ and npm 11')).toBe('20.0.0');
    expect(promisedNodeVersion('Requires Node.js 20.19+ and npm 11')).toBe('20.19.0');
    expect(() => promisedNodeVersion('Requires a recent Node')).toThrow();
    expect(semver.major(promised)).toBe(20);
  });

  it('finds no package whose engines.node excludes it', () => {
    const packages = installedPackages(join(root, 'node_modules'));
    // A real install has hundreds of packages that declare engines; finding none would mean the walk is broken.
    expect(packages.length).toBeGreaterThan(50);
    const refusing = packages
      .filter((pkg) => semver.validRange(pkg.nodeRange) !== null && !semver.satisfies(promised, pkg.nodeRange))
      .map((pkg) => `${pkg.name}@${pkg.version} wants node ${pkg.nodeRange} (${pkg.dir})`);
    expect(refusing).toEqual([]);
  });

  it('also honours package.json engines of the project itself', () => {
    const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(semver.satisfies(promised, own.engines.node)).toBe(true);
  });
});
