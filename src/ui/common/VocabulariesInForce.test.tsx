// Issue 14 §4: the libraries in force, one line with their kinds; nothing when none applies.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-render';
import { VocabulariesInForce } from './VocabulariesInForce';

const libraries = [
  { id: 'v1', name: 'Names', kind: 'properWords' as const },
  { id: 'v2', name: 'Glossary', kind: 'translationTerms' as const },
];

describe('VocabulariesInForce', () => {
  it('names each library with its kind', async () => {
    await renderUi(<VocabulariesInForce libraries={libraries} />);
    expect(screen.getByTestId('vocabularies-in-force').textContent).toBe('Vocabulary: Names (Proper vocabulary), Glossary (Translation terms)');
  });

  it('shows nothing when the list is empty or absent', async () => {
    await renderUi(<VocabulariesInForce libraries={[]} />);
    expect(screen.queryByTestId('vocabularies-in-force')).toBeNull();
    await renderUi(<VocabulariesInForce libraries={undefined} />);
    expect(screen.queryByTestId('vocabularies-in-force')).toBeNull();
  });
});
