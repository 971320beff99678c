// planEdit: adds, changes and merges worked out before any write (what editData then applies).
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { planEdit } from './edit-plan';

const stored = [
  { id: 'a', source_key: 'parley' },
  { id: 'b', source_key: 'kysely' },
];

describe('planEdit', () => {
  it('adds new words and merges repeats of stored or just-added ones', () => {
    const plan = planEdit('properWords', stored, [{ source: 'Fastify' }, { source: 'PARLEY' }, { source: 'fastify' }, { source: ' Vite ' }]);
    expect(plan.inserts.map((e) => e.source)).toEqual(['Fastify', 'Vite']);
    expect(plan.merged).toBe(2);
    expect([...plan.updates.keys()]).toEqual(['a']);
    expect(plan.updates.get('a')).toEqual({ target: null });
    expect(plan.countAfter).toBe(4);
  });

  it('lets two entries swap spellings, and merges an entry renamed onto another', () => {
    const swap = planEdit('translationTerms', stored, [
      { id: 'a', source: 'kysely', target: 'K' },
      { id: 'b', source: 'parley', target: 'P' },
    ]);
    // The first rename lands on b's word while b still holds it: a merges into b, then b is renamed.
    expect(swap.deletes).toEqual(new Set(['a']));
    expect(swap.merged).toBe(1);
    const rename = planEdit('translationTerms', stored, [{ id: 'b', source: 'Parley', target: 'Parlé' }]);
    expect(rename.deletes).toEqual(new Set(['b']));
    expect(rename.updates.get('a')).toEqual({ target: 'Parlé' });
    expect(rename.countAfter).toBe(1);
  });

  it('refuses an entry id the library does not hold, and names the first bad entry', () => {
    expect(() => planEdit('properWords', stored, [{ id: 'zzz', source: 'x' }])).toThrow(AppError);
    try {
      planEdit('wordReplacement', stored, [{ source: 'ok', target: 'fine' }, { source: 'gonna', target: ' ' }]);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ messageKey: 'vocabularyServer:entryBothRequired', params: { position: 2, kind: 'wordReplacement' } });
    }
  });
});
