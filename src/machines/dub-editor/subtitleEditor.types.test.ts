// @vitest-environment node
// EDIT_REFUSALS lists every refusal once (the type check beside it proves none is missing).
import { describe, expect, it } from 'vitest';
import { EDIT_REFUSALS } from './subtitleEditor.types';

describe('edit refusals', () => {
  it('are listed once each', () => {
    expect(new Set(EDIT_REFUSALS).size).toBe(EDIT_REFUSALS.length);
    expect(EDIT_REFUSALS).toContain('nothingUndoable');
  });
});
