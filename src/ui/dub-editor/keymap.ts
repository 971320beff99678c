// The dub editor's keyboard shortcuts (issue 13 §4), pure so they are tested without a browser and
// listed by the help panel from the same table they are matched with.
//
// While the focus is in a text field (a line's text, a typed time, the record name) no shortcut
// fires: letters, Space, arrows and Delete belong to the field. Undo/redo are not taken either: the
// browser's own undo of the field's text is what a typist expects, and the edit only reaches the
// editor (and its 5-step undo) when the field commits it. Leave the field (Esc or Tab) and Ctrl+Z
// undoes editor steps again.

export type ShortcutAction =
  | 'playPause'
  | 'previousLine'
  | 'nextLine'
  | 'split'
  | 'merge'
  | 'insert'
  | 'delete'
  | 'undo'
  | 'redo'
  | 'zoomIn'
  | 'zoomOut'
  | 'help';

/** What a key event says, without the DOM (KeyboardEvent fits it). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

interface Binding {
  key: string;
  /** Ctrl, or ⌘ on Apple systems. */
  mod?: boolean;
  shift?: boolean;
}

export interface Shortcut {
  action: ShortcutAction;
  bindings: readonly Binding[];
}

/** In the order the help panel lists them. */
export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'playPause', bindings: [{ key: ' ' }] },
  { action: 'previousLine', bindings: [{ key: 'ArrowUp' }] },
  { action: 'nextLine', bindings: [{ key: 'ArrowDown' }] },
  { action: 'split', bindings: [{ key: 's' }] },
  { action: 'merge', bindings: [{ key: 'm' }] },
  { action: 'insert', bindings: [{ key: 'i' }] },
  { action: 'delete', bindings: [{ key: 'Delete' }] },
  { action: 'undo', bindings: [{ key: 'z', mod: true }] },
  { action: 'redo', bindings: [{ key: 'z', mod: true, shift: true }, { key: 'y', mod: true }] },
  { action: 'zoomIn', bindings: [{ key: '+' }, { key: '=' }] },
  { action: 'zoomOut', bindings: [{ key: '-' }] },
  { action: 'help', bindings: [{ key: '?' }] },
];

// Keys whose character already carries Shift ('?' is Shift+/, '+' is Shift+= on most layouts):
// Shift is not compared for them.
const SHIFTED_CHARACTERS = new Set(['?', '+']);

function matches(binding: Binding, press: KeyPress, isApple: boolean): boolean {
  const mod = isApple ? press.metaKey : press.ctrlKey;
  const otherMod = isApple ? press.ctrlKey : press.metaKey;
  if (press.altKey || otherMod) return false;
  if (Boolean(binding.mod) !== mod) return false;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (key !== binding.key) return false;
  return SHIFTED_CHARACTERS.has(binding.key) || Boolean(binding.shift) === press.shiftKey;
}

/** The action a key press asks for, or null (also null for every key while typing in a field). */
export function shortcutFor(press: KeyPress, typing: boolean, isApple = false): ShortcutAction | null {
  if (typing) return null;
  for (const shortcut of SHORTCUTS) {
    if (shortcut.bindings.some((binding) => matches(binding, press, isApple))) return shortcut.action;
  }
  return null;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'time', '']);

/** Whether a key event's target is somewhere the user types (inputs, text areas, selects, editable content). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') return TEXT_INPUT_TYPES.has(((element as HTMLInputElement).getAttribute('type') ?? '').toLowerCase());
  return false;
}

/** Labels of a binding's keys for the help panel ('Ctrl', 'Z'); `keyNames` translates named keys. */
export function bindingLabel(binding: Binding, isApple: boolean, keyNames: (key: string) => string): string {
  const parts: string[] = [];
  if (binding.mod) parts.push(isApple ? '⌘' : 'Ctrl');
  if (binding.shift) parts.push('Shift');
  const named = binding.key === ' ' ? keyNames('space') : binding.key.length > 1 ? keyNames(binding.key) : binding.key.toUpperCase();
  parts.push(named);
  return parts.join(' + ');
}

export function isApplePlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}
