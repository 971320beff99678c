import { describe, expect, it } from 'vitest';
import { bindingLabel, isTypingTarget, shortcutFor, SHORTCUTS, type KeyPress } from './keymap';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...extra });

describe('shortcutFor', () => {
  it.each([
    [press(' '), 'playPause'],
    [press('ArrowUp'), 'previousLine'],
    [press('ArrowDown'), 'nextLine'],
    [press('s'), 'split'],
    [press('m'), 'merge'],
    [press('i'), 'insert'],
    [press('Delete'), 'delete'],
    [press('z', { ctrlKey: true }), 'undo'],
    [press('Z', { ctrlKey: true, shiftKey: true }), 'redo'],
    [press('y', { ctrlKey: true }), 'redo'],
    [press('+', { shiftKey: true }), 'zoomIn'],
    [press('='), 'zoomIn'],
    [press('-'), 'zoomOut'],
    [press('?', { shiftKey: true }), 'help'],
  ] as const)('%o → %s', (key, action) => {
    expect(shortcutFor(key, false)).toBe(action);
  });

  it('uses ⌘ instead of Ctrl on Apple systems', () => {
    expect(shortcutFor(press('z', { metaKey: true }), false, true)).toBe('undo');
    expect(shortcutFor(press('z', { ctrlKey: true }), false, true)).toBeNull();
    expect(shortcutFor(press('z', { metaKey: true }), false, false)).toBeNull();
  });

  it('leaves browser shortcuts alone: letters with Ctrl or Alt, Shift+letter', () => {
    expect(shortcutFor(press('s', { ctrlKey: true }), false)).toBeNull();
    expect(shortcutFor(press('m', { altKey: true }), false)).toBeNull();
    expect(shortcutFor(press('S', { shiftKey: true }), false)).toBeNull();
    expect(shortcutFor(press('Backspace'), false)).toBeNull();
  });

  it('fires nothing while typing, not even undo (the field keeps its own undo)', () => {
    for (const key of [press(' '), press('s'), press('Delete'), press('ArrowUp'), press('z', { ctrlKey: true }), press('?', { shiftKey: true })]) {
      expect(shortcutFor(key, true)).toBeNull();
    }
  });

  it('has one action per entry, each reachable', () => {
    const actions = SHORTCUTS.map((shortcut) => shortcut.action);
    expect(new Set(actions).size).toBe(actions.length);
    for (const shortcut of SHORTCUTS) {
      const binding = shortcut.bindings[0]!;
      const key = press(binding.key, { ctrlKey: Boolean(binding.mod), shiftKey: Boolean(binding.shift) || binding.key === '?' });
      expect(shortcutFor(key, false)).toBe(shortcut.action);
    }
  });
});

describe('isTypingTarget', () => {
  it('is true for text inputs, text areas, selects and editable content', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const select = document.createElement('select');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect([input, textarea, select, editable].map(isTypingTarget)).toEqual([true, true, true, true]);
  });

  it('is false for buttons, checkboxes, plain elements and nothing', () => {
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect([document.createElement('button'), checkbox, document.createElement('div'), null].map(isTypingTarget)).toEqual([false, false, false, false]);
  });
});

describe('bindingLabel', () => {
  const names = (key: string) => `<${key}>`;
  it('names modifiers for the platform and translates named keys', () => {
    expect(bindingLabel({ key: 'z', mod: true, shift: true }, false, names)).toBe('Ctrl + Shift + Z');
    expect(bindingLabel({ key: 'z', mod: true }, true, names)).toBe('⌘ + Z');
    expect(bindingLabel({ key: ' ' }, false, names)).toBe('<space>');
    expect(bindingLabel({ key: 'ArrowUp' }, false, names)).toBe('<ArrowUp>');
  });
});
