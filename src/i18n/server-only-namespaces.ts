/**
 * Namespaces only the server renders (its answers arrive translated): left out of the browser build.
 * The glob in locale-source.ts must name the same ones (it has to be a literal); index.test.ts checks,
 * and the build's locale assets (scripts/vite/locale-assets.ts) leave these out too.
 */
export const SERVER_ONLY_NAMESPACES = [
  'server',
  'engines',
  'live',
  'uploads',
  'transcripts',
  'vouchers',
  'vocabularyServer',
] as const;
