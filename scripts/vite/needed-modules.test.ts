import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { barrelExports, LIBRARY_BARRELS, membersUsed, namesImportedFrom, namespaceMembers, neededModules, neededWithLazyParts, onlyReexports, type ModuleGraph } from './needed-modules';

/** A module graph from sources: each module's imports are the files its specifiers name (relative, or `/node_modules/<package>/index.js`). */
function graphOf(files: Record<string, string>, dynamic: Record<string, string[]> = {}): ModuleGraph {
  const resolve = (from: string, specifier: string) =>
    specifier.startsWith('.') ? new URL(specifier, `file://${from}`).pathname : `/node_modules/${specifier}/index.js`;
  return {
    getModuleInfo(id) {
      const code = files[id];
      if (code === undefined) return null;
      const specifiers = [...code.matchAll(/from\s*["']([^"']+)["']/g)].map(([, specifier]) => resolve(id, specifier!));
      return { code, importedIds: [...new Set(specifiers)], dynamicallyImportedIds: dynamic[id] ?? [], importers: [], dynamicImporters: [] };
    },
  };
}

const KIT = { file: /\/node_modules\/kit\/index\.js$/, importedAs: (specifier: string) => specifier === 'kit' };

describe('neededModules', () => {
  const files = {
    '/app/page.js': "import { Menu } from 'kit';\nimport { helper } from './helper.js';",
    '/app/helper.js': 'export const helper = 1;',
    '/app/all.js': "import * as everything from 'kit';",
    '/node_modules/kit/index.js': "export { Menu } from './menu.js';\nimport { Dialog } from './dialog.js';\nexport { Dialog };\nexport * from './more.js';",
    '/node_modules/kit/menu.js': "import { popper } from './popper.js';\nexport const Menu = popper;",
    '/node_modules/kit/popper.js': 'export const popper = 1;',
    '/node_modules/kit/dialog.js': 'export const Dialog = 1;',
    '/node_modules/kit/more.js': 'export const Extra = 1;',
  };

  it('follows an import from a barrel to the files that export the names taken, with what they import', () => {
    expect([...neededModules('/app/page.js', graphOf(files), [KIT])].sort()).toEqual(['/app/helper.js', '/app/page.js', '/node_modules/kit/menu.js', '/node_modules/kit/popper.js']);
  });

  it('takes the whole barrel for `import * as`, and every module without the barrel list', () => {
    expect(neededModules('/app/all.js', graphOf(files), [KIT])).toContain('/node_modules/kit/dialog.js');
    expect(neededModules('/app/page.js', graphOf(files), [])).toContain('/node_modules/kit/dialog.js');
  });

  it('counts every `export *` module for a name the barrel does not list, or with starByName those that export it (all when none says so)', () => {
    const graph = graphOf({
      ...files,
      '/node_modules/kit/index.js': "export * from './more.js';\nexport * from './other.js';",
      '/node_modules/kit/other.js': 'const Hidden = 1;\nexport { Hidden };',
      '/app/extra.js': "import { Extra } from 'kit';",
      '/app/hidden.js': "import { Hidden } from 'kit';",
      '/app/unknown.js': "import { Unknown } from 'kit';",
    });
    const byName = { starByName: true };
    expect([...neededModules('/app/extra.js', graph, [KIT], byName)].sort()).toEqual(['/app/extra.js', '/node_modules/kit/more.js']);
    expect([...neededModules('/app/hidden.js', graph, [KIT], byName)].sort()).toEqual(['/app/hidden.js', '/node_modules/kit/other.js']);
    expect([...neededModules('/app/unknown.js', graph, [KIT], byName)].sort()).toEqual(['/app/unknown.js', '/node_modules/kit/more.js', '/node_modules/kit/other.js']);
    expect([...neededModules('/app/extra.js', graph, [KIT])].sort()).toEqual(['/app/extra.js', '/node_modules/kit/more.js', '/node_modules/kit/other.js']);
  });

  it('counts the whole barrel for a name it cannot place', () => {
    const graph = graphOf({ ...files, '/node_modules/kit/index.js': "export { Menu } from './menu.js';\nexport { Dialog } from './dialog.js';", '/app/odd.js': "import { Odd } from 'kit';" });
    expect([...neededModules('/app/odd.js', graph, [KIT])].sort()).toEqual(['/app/odd.js', '/node_modules/kit/dialog.js', '/node_modules/kit/index.js', '/node_modules/kit/menu.js', '/node_modules/kit/popper.js']);
  });

  it('follows a name through a barrel that re-exports another barrel', () => {
    const inner = { file: /\/node_modules\/inner\/index\.js$/, importedAs: (specifier: string) => specifier === 'inner' };
    const graph = graphOf({
      '/app/page.js': "import { Tabs } from 'kit';",
      '/node_modules/kit/index.js': "export { Tabs } from 'inner';",
      '/node_modules/inner/index.js': "import { Tabs } from './tabs.js';\nimport { Slider } from './slider.js';\nexport { Tabs, Slider };",
      '/node_modules/inner/tabs.js': 'export const Tabs = 1;',
      '/node_modules/inner/slider.js': 'export const Slider = 1;',
    });
    expect([...neededModules('/app/page.js', graph, [KIT, inner])].sort()).toEqual(['/app/page.js', '/node_modules/inner/tabs.js']);
  });

  it('follows every import of a listed module that defines things of its own (it lands in one chunk whole)', () => {
    const graph = graphOf({ ...files, '/node_modules/kit/index.js': `${files['/node_modules/kit/index.js']}\nexport const local = 1;` });
    expect(neededModules('/app/page.js', graph, [KIT])).toContain('/node_modules/kit/dialog.js');
  });

  it('follows only the members read of a namespace: a barrel\u2019s `export * as` or a library\u2019s namespace object', () => {
    const graph = graphOf({
      '/app/page.js': "import { Menu, Field } from 'kit';\njsx(Menu.Root); jsx(Field.Input);",
      '/node_modules/kit/index.js': "import * as menu from './menu-parts.js';\nexport { menu as Menu };\nimport { field_exports } from './field.js';\nexport { field_exports as Field };",
      '/node_modules/kit/menu-parts.js': "export { MenuRoot as Root } from './menu-root.js';\nexport { MenuItem as Item } from './menu-item.js';",
      '/node_modules/kit/menu-root.js': '',
      '/node_modules/kit/menu-item.js': '',
      '/node_modules/kit/field.js':
        "import { FieldInput } from './field-input.js';\nimport { FieldTextarea } from './field-textarea.js';\nvar field_exports = /* @__PURE__ */ __exportAll({ Input: () => FieldInput, Textarea: () => FieldTextarea });\nexport { field_exports };",
      '/node_modules/kit/field-input.js': '',
      '/node_modules/kit/field-textarea.js': '',
    });
    expect([...neededModules('/app/page.js', graph, [KIT], { starByName: true })].sort()).toEqual(['/app/page.js', '/node_modules/kit/field-input.js', '/node_modules/kit/menu-root.js']);
    expect(neededModules('/app/page.js', graph, [KIT])).toContain('/node_modules/kit/field-textarea.js');
  });

  it('adds what the dynamic imports need, and theirs', () => {
    const graph = graphOf({ '/app/a.js': '', '/app/b.js': "import { c } from './c.js';", '/app/c.js': '' }, { '/app/a.js': ['/app/b.js'] });
    expect([...neededWithLazyParts('/app/a.js', graph)].sort()).toEqual(['/app/a.js', '/app/b.js', '/app/c.js']);
  });
});

describe('the barrel readers', () => {
  it('read the names an import takes, leaving types out', () => {
    const taken = namesImportedFrom("import { a, b as c, type D } from 'kit';\nexport { e } from 'kit';\nuse(a, c.Item, c.Root);", (specifier) => specifier === 'kit')!;
    expect(Object.fromEntries(taken)).toEqual({ a: null, b: ['Item', 'Root'], e: null });
    expect(namesImportedFrom("import * as kit from 'kit';", (specifier) => specifier === 'kit')).toBeNull();
  });

  it('read the members of a namespace the code uses, or none when it uses the namespace itself', () => {
    expect(membersUsed('jsx(Field.Input, {}); Field.Input; Field.Label', 'Field')).toEqual(['Input', 'Label']);
    expect(membersUsed('jsx(Field.Input, {}); render(Field)', 'Field')).toBeNull();
    expect(namespaceMembers('var field_exports = /* @__PURE__ */ __exportAll({\n\tInput: () => FieldInput,\n\tLabel: () => FieldLabel\n});', 'field_exports')).toEqual(
      new Map([['Input', 'FieldInput'], ['Label', 'FieldLabel']]),
    );
  });

  it('read where each export of a barrel comes from, renamed, namespaced or built from an import', () => {
    const { named, starred } = barrelExports(
      "import { a as a$1 } from './a.js';\nimport * as ns from './ns.js';\nconst A = /* @__PURE__ */ a$1.extendWith('x');\nexport { A, ns as Ns };\nexport { b as B } from './b.js';\nexport * from './rest.js';",
    );
    expect(Object.fromEntries(named)).toEqual({ A: { specifier: './a.js', name: 'a' }, Ns: { specifier: './ns.js', name: null }, B: { specifier: './b.js', name: 'b' } });
    expect(starred).toEqual(['./rest.js']);
  });

  it('tell a module that only passes exports on from one with code of its own', () => {
    expect(onlyReexports('"use strict";\n// c\nimport { a } from "./a.js";\nexport { a };\nexport * from "./b.js";')).toBe(true);
    expect(onlyReexports('import { a } from "./a.js";\nconst b = a.extendWith("x");\nexport { b };')).toBe(false);
  });

  it('find the installed libraries\u2019 barrels pass exports on only (else a library update silently loses the grouping)', () => {
    const installed = ['@chakra-ui/react/dist/esm/index.js', '@ark-ui/react/dist/index.js', '@ark-ui/react/dist/components/menu/index.js', '@ark-ui/react/dist/components/anatomy.js', '@zag-js/menu/dist/index.mjs', 'rxjs/dist/esm/index.js'];
    for (const file of installed) {
      const installedPath = path.join(__dirname, '..', '..', 'node_modules', file);
      expect(LIBRARY_BARRELS.some(({ file: pattern }) => pattern.test(installedPath)), file).toBe(true);
      expect(onlyReexports(readFileSync(installedPath, 'utf8')), file).toBe(true);
    }
  });
});
