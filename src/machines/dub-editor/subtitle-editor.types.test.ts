// Every refusal, save state and the load failure has its text in all three locales.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDIT_REFUSALS, LOAD_FAILED_KEY, refusalKey, saveStateKey } from './subtitle-editor.types';

const LOCALES = ['en-US', 'zh-CN', 'zh-TW'];
function text(locale: string, key: string): unknown {
  const [namespace, path] = key.split(':') as [string, string];
  const file = JSON.parse(readFileSync(join(__dirname, '../../i18n/locales', locale, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
  return path.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], file);
}

describe('editor texts', () => {
  it.each(LOCALES)('%s has every refusal, save state and the load failure', (locale) => {
    const keys = [...EDIT_REFUSALS.map(refusalKey), ...(['saved', 'saving', 'failed'] as const).map(saveStateKey), LOAD_FAILED_KEY];
    const missing = keys.filter((key) => typeof text(locale, key) !== 'string' || (text(locale, key) as string).trim() === '');
    expect(missing).toEqual([]);
  });
});
