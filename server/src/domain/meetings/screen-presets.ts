// Subtitle style presets offered for cast screens; names are i18n keys of the `live` namespace.
export const SCREEN_PRESETS = [
  { id: 'classic', nameKey: 'live:presetClassic', fontSize: 32, color: '#ffffff', backgroundColor: '#000000', lines: 2 },
  { id: 'large', nameKey: 'live:presetLarge', fontSize: 56, color: '#ffffff', backgroundColor: '#000000', lines: 1 },
  { id: 'light', nameKey: 'live:presetLight', fontSize: 32, color: '#111111', backgroundColor: '#ffffff', lines: 3 },
] as const;
