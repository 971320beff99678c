// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../shared/contract/limits';
import { VOCABULARY_KIND_RULES, VOCABULARY_KINDS, vocabularyKindKeys } from '../shared/contract/vocabulary-kinds';

// A vocabulary kind's words are derived keys of the `vocabulary` namespace (vocabularyKindKeys), not
// a second hand-kept list: every kind of the one list must have them in every locale, and the
// namespace must name no kind the list lacks.
const root = join(__dirname, 'locales');
const vocabularyOf = (locale: string) => JSON.parse(readFileSync(join(root, locale, 'vocabulary.json'), 'utf8')) as Record<string, unknown>;

function lookUp(namespace: Record<string, unknown>, key: string): unknown {
  return key
    .replace(/^vocabulary:/, '')
    .split('.')
    .reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), namespace);
}

describe('vocabulary kind words', () => {
  it.each(LOCALES)('%s names every kind, its in-sentence name and its columns', (locale) => {
    const namespace = vocabularyOf(locale);
    const missing = VOCABULARY_KINDS.flatMap((kind) => {
      const keys = vocabularyKindKeys(kind);
      const wanted = [keys.label, keys.inText, keys.source, ...(VOCABULARY_KIND_RULES[kind].paired ? [keys.target] : [])];
      return wanted.filter((key) => {
        const text = lookUp(namespace, key);
        return typeof text !== 'string' || text.trim() === '';
      });
    });
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s names no kind outside the list', (locale) => {
    const namespace = vocabularyOf(locale);
    for (const group of ['kind', 'kindInText', 'source', 'target']) {
      const named = Object.keys(namespace[group] as Record<string, string>);
      expect(named.filter((kind) => !(VOCABULARY_KINDS as readonly string[]).includes(kind)), group).toEqual([]);
    }
  });
});
