// @vitest-environment node
// A Chakra component whose recipe the system does not register renders unstyled, silently. Every
// component src/ imports from '@chakra-ui/react' that has a recipe in Chakra's theme (`Progress` has
// progressSlotRecipe, `Text` has none) must find it in the full system; the sign-in pages, which
// paint with the first-paint system alone, must find theirs there.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chakraTheme from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { createSignInSystem } from './theme';
import { system } from './theme-more-recipes';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Component names a file imports from '@chakra-ui/react' (`Link as ChakraLink` counts as Link). */
function chakraComponents(source: string): string[] {
  return [...source.matchAll(/import \{([^}]*)\} from '@chakra-ui\/react'/g)].flatMap(([, names]) =>
    names!
      .split(',')
      .map((name) => name.trim().split(/\s+as\s+/)[0]!.replace(/^type\s+/, ''))
      .filter((name) => /^[A-Z]/.test(name)),
  );
}

/** The theme key of a component's recipe when Chakra has one: NativeSelect → nativeSelect. */
function recipeKey(component: string): string | null {
  const key = component[0]!.toLowerCase() + component.slice(1);
  return `${key}Recipe` in chakraTheme || `${key}SlotRecipe` in chakraTheme ? key : null;
}

const used = (files: string[]) => new Set(files.flatMap((file) => chakraComponents(readFileSync(file, 'utf8'))));

describe('Chakra recipes', () => {
  const signInSystem = createSignInSystem();

  it('registers the recipe of every component the app imports', () => {
    const missing = [...used(sourceFiles('src'))].map(recipeKey).filter((key): key is string => !!key && !system.hasRecipe(key));
    expect(missing).toEqual([]);
  });

  it('paints the sign-in pages with the first-paint recipes alone', () => {
    // What /login, /register and /resetPassword render before any other page loads (the phone
    // field loads the other recipes itself: ContactCodeFields.tsx).
    const signInFiles = [
      ...sourceFiles('src/routes/session'),
      ...sourceFiles('src/ui/session').filter((file) => !file.endsWith('PhoneField.tsx')),
      'src/ui/common/TabSwitch.tsx',
      'src/routes/root.route.tsx',
    ];
    const missing = [...used(signInFiles)].map(recipeKey).filter((key): key is string => !!key && !signInSystem.hasRecipe(key));
    expect(missing).toEqual([]);
  });

  it('keeps the other recipes off the first paint', () => {
    for (const key of ['dialog', 'menu', 'toast', 'nativeSelect', 'progress']) expect(signInSystem.hasRecipe(key)).toBe(false);
  });
});
