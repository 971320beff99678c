// The search box text → index queries and highlight ranges, and the CJK bigram rule the index uses.
import { describe, expect, it } from 'vitest';
import { bigrams, searchText } from '../../db/search-text';
import { fts5Query, highlightRanges, searchTerms, tsQuery } from './search-query';

describe('search text (what the index holds)', () => {
  it('turns each CJK run into overlapping bigrams and leaves other text to the tokenizer', () => {
    expect(searchText('开会时间')).toBe(' 开会 会时 时间 ');
    expect(searchText('Zoom会议link')).toBe('Zoom 会议 link');
    expect(searchText('會')).toBe(' 會 ');
    expect(searchText('plain words')).toBe('plain words');
    expect(searchText(null)).toBe('');
    expect(bigrams('カタカナ')).toEqual(['カタ', 'タカ', 'カナ']);
  });
});

describe('search terms', () => {
  it('cuts words and CJK runs apart, lower-cased, and drops every operator and quote', () => {
    expect(searchTerms('Budget "NEAR(x)" OR 会议记录*')).toEqual([
      { kind: 'word', text: 'budget' },
      { kind: 'word', text: 'near' },
      { kind: 'word', text: 'x' },
      { kind: 'word', text: 'or' },
      { kind: 'cjk', text: '会议记录' },
    ]);
    expect(searchTerms('  !!  ')).toEqual([]);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
  });

  it('writes the same meaning for FTS5 and PostgreSQL', () => {
    const terms = searchTerms("don't 会议 讨");
    expect(fts5Query(terms)).toBe('"don"* AND "t"* AND "会议" AND "讨"*');
    expect(tsQuery(terms)).toBe("'don':* & 't':* & ('会议') & '讨':*");
    expect(fts5Query(searchTerms('下午开会'))).toBe('"下午 午开 开会"');
    expect(tsQuery(searchTerms('下午开会'))).toBe("('下午' <-> '午开' <-> '开会')");
  });

  it('spells a prefix out as an OR of the words it stands for, where they are given', () => {
    const terms = searchTerms('market 讨 会议 plan');
    expect(fts5Query(terms, [['market', 'marketing'], ['讨论'], null, null])).toBe('("market" OR "marketing") AND "讨论" AND "会议" AND "plan"*');
    // An indexed word with a quote in it stays one quoted term.
    expect(fts5Query(searchTerms('x'), [['x"y']])).toBe('"x""y"');
  });
});

describe('highlight ranges', () => {
  const marked = (text: string, query: string) => highlightRanges(text, searchTerms(query)).map(([s, e]) => text.slice(s, e));

  it('marks words where an indexed word starts with the term, CJK anywhere, merged and in order', () => {
    expect(marked('Marketing and the market, not supermarkets.', 'market')).toEqual(['Market', 'market']);
    expect(marked('我们明天下午开会讨论预算', '开会 预算')).toEqual(['开会', '预算']);
    expect(marked('Zoom会议link', 'link')).toEqual(['link']);
    expect(marked('abcabc', 'abc ab')).toEqual(['abc']);
    expect(highlightRanges('budget budget', searchTerms('budget'))).toEqual([
      [0, 6],
      [7, 13],
    ]);
  });
});
