// The equity comparison of the purchase dialog, drawn from the tier table itself (so the picture
// can never promise what the server does not enforce) as an SVG the client shows as an image.
import { TIER_RULES, type Tier } from '../entitlements/tier-rules';

type Translate = (key: string, params?: Record<string, unknown>) => unknown;

const TIERS: readonly Tier[] = ['duration', 'vip', 'svip'];
const HOUR = 3_600;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Rows of [label, duration, VIP, SVIP] in the caller's language. */
export function rightsRows(t: Translate): string[][] {
  const s = (key: string, params?: Record<string, unknown>) => String(t(`billing:rightsTable.${key}`, params));
  const daily = (seconds: number) => (seconds > 0 ? s('hours', { count: seconds / HOUR }) : s('fromPack'));
  const yesNo = (value: boolean) => s(value ? 'yes' : 'no');
  return [
    [s('feature'), ...TIERS.map((tier) => s(tier))],
    [s('liveDaily'), ...TIERS.map((tier) => daily(TIER_RULES[tier].liveSecondsPerDay))],
    [s('uploadDaily'), ...TIERS.map((tier) => daily(TIER_RULES[tier].uploadSecondsPerDay))],
    [s('recognition'), ...TIERS.map((tier) => s('upTo', { count: TIER_RULES[tier].recognitionLanguages }))],
    [s('interpretation'), ...TIERS.map((tier) => s('upTo', { count: TIER_RULES[tier].interpretationLanguages }))],
    [s('vocabulary'), ...TIERS.map((tier) => yesNo(TIER_RULES[tier].features.vocabulary))],
    [s('invitations'), ...TIERS.map((tier) => yesNo(TIER_RULES[tier].features.invitations))],
    [s('basics'), ...TIERS.map(() => s('yes'))],
  ];
}

export function rightsSvg(t: Translate): string {
  const rows = rightsRows(t);
  const widths = [420, 180, 180, 180];
  const rowHeight = 40;
  const top = 56;
  const width = widths.reduce((a, b) => a + b, 0);
  const height = top + rows.length * rowHeight + 44;
  const cells = rows
    .map((row, r) => {
      let x = 0;
      const y = top + r * rowHeight;
      const fill = r === 0 ? '#1f2937' : r % 2 ? '#f9fafb' : '#ffffff';
      const color = r === 0 ? '#ffffff' : '#111827';
      const texts = row
        .map((cell, c) => {
          const cx = x + (c === 0 ? 16 : widths[c]! / 2);
          x += widths[c]!;
          return `<text x="${cx}" y="${y + 25}" fill="${color}" font-size="14" text-anchor="${c === 0 ? 'start' : 'middle'}"${r === 0 ? ' font-weight="bold"' : ''}>${escapeXml(cell)}</text>`;
        })
        .join('');
      return `<rect x="0" y="${y}" width="${width}" height="${rowHeight}" fill="${fill}"/>${texts}`;
    })
    .join('');
  const title = escapeXml(String(t('billing:rightsTable.title')));
  const footnote = escapeXml(String(t('billing:rightsTable.voiceover')));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" role="img" aria-label="${title}">` +
    `<title>${title}</title><rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="16" y="36" font-size="20" font-weight="bold" fill="#111827">${title}</text>${cells}` +
    `<text x="16" y="${height - 16}" font-size="13" fill="#6b7280">${footnote}</text></svg>`
  );
}
