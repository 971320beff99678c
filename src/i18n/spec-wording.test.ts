// @vitest-environment node
// The English texts use the spec's words (platform §2: the left navigation's "Favorites"), so the nav
// and the page it opens never name one place two ways (issue 29: "Favorites" vs "Favourites").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const EN = join(__dirname, 'locales', 'en-US');

function textsOf(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => textsOf(child, `${path}.${key}`));
}

const texts = readdirSync(EN)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => textsOf(JSON.parse(readFileSync(join(EN, file), 'utf8')), file.replace(/\.json$/, '')));

describe('spec wording in en-US', () => {
  it('says "favorite" as the spec does, never "favourite"', () => {
    expect(texts.filter(([, text]) => /favourite/i.test(text))).toEqual([]);
  });

  it('names the favourites page as the nav does', () => {
    const nav = texts.find(([path]) => path === 'nav.favorites')?.[1];
    expect(nav).toBe('Favorites');
    expect(texts.find(([path]) => path === 'records.favouritesTitle')?.[1]).toBe(nav);
    expect(texts.find(([path]) => path === 'pages.favourList')?.[1]).toBe(nav);
  });
});
