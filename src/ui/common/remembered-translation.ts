// Translations kept per language for labels a screen draws again and again with the same values: the
// dub editor redraws every row below an edited line (its number shifts), mounts the row that scrolls
// in and names a timeline region per line, and a delete, its undo or a scroll back asks for the same
// few labels each time. i18next resolves each call anew (key lookup, fallbacks, interpolation, ~0.1 ms),
// so these are looked up once per language, key and values.
import type { TFunction } from 'i18next';

/** Past this many remembered labels for one language the cache starts over (a long session of scrolling). */
export const REMEMBERED_LABELS_MAX = 4000;

type Values = Readonly<Record<string, string | number | null>>;

const byLanguage = new WeakMap<TFunction, Map<string, string>>();

/**
 * `t(key, values)`, remembered. The `t` a component gets from useTranslation changes with the
 * language (and namespace), so a new language starts a new cache and an old one is collected with it.
 */
export function rememberedT(t: TFunction, key: string, values?: Values): string {
  let remembered = byLanguage.get(t);
  if (!remembered) byLanguage.set(t, (remembered = new Map()));
  const id = values ? `${key}\u0000${Object.entries(values).map(([name, value]) => `${name}=${value}`).join('\u0000')}` : key;
  let text = remembered.get(id);
  if (text === undefined) {
    if (remembered.size >= REMEMBERED_LABELS_MAX) remembered.clear();
    text = values ? t(key, values) : t(key);
    remembered.set(id, text);
  }
  return text;
}
