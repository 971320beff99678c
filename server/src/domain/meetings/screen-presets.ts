// Subtitle style presets offered for cast screens; names are i18n keys of the `live` namespace.
export const SCREEN_PRESETS = [
  { id: 'classic', nameKey: 'live:presetClassic', fontSize: 32, color: '#ffffff', backgroundColor: '#000000', lines: 2 },
  { id: 'large', nameKey: 'live:presetLarge', fontSize: 56, color: '#ffffff', backgroundColor: '#000000', lines: 1 },
  { id: 'light', nameKey: 'live:presetLight', fontSize: 32, color: '#111111', backgroundColor: '#ffffff', lines: 3 },
] as const;

export type ScreenPreset = (typeof SCREEN_PRESETS)[number];
/** Names a preset in the reader's language (the request's translator). */
export type PresetNamer = (nameKey: ScreenPreset['nameKey']) => string;

/** A preset as the contract shows it (ScreenPreset), named in the reader's language. */
export function screenPresetView(preset: ScreenPreset, name: PresetNamer) {
  return { id: preset.id, name: name(preset.nameKey), fontSize: preset.fontSize, color: preset.color, backgroundColor: preset.backgroundColor, lines: preset.lines };
}
