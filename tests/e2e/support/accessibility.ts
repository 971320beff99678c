// WCAG 2.1 A/AA checks with axe-core on whatever the page shows now (issue 10 part 11). axe's source is
// evaluated through the DevTools protocol rather than added as a <script> tag: the app's CSP admits
// only scripts carrying the page's nonce, and evaluation is not subject to it, so the product's
// policy stays untouched (no bypassCSP context, no unsafe-inline) and the CSP suite can run it too.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeViolationSummary {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

export interface AccessibleOptions {
  /** CSS selector of the part to check (a dialog); the whole document when left out. */
  include?: string;
}

/** Runs axe on the page as it is now and returns the WCAG 2.1 A/AA violations. */
export async function axeViolations(page: Page, options: AccessibleOptions = {}): Promise<AxeViolationSummary[]> {
  // Opening dialogs and menus fade in: contrast measured mid-animation would be wrong, so wait for
  // every finite animation to finish (spinners run forever and are left alone).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running'),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ include, tags }) => {
      type AxeNode = { target: string[]; html: string; failureSummary?: string };
      type AxeResult = { id: string; impact: string | null; help: string; nodes: AxeNode[] };
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeResult[] }> } }).axe;
      const result = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), html: node.html.slice(0, 300), summary: node.failureSummary ?? '' })),
      }));
    },
    { include: options.include ?? null, tags: [...WCAG_TAGS] },
  );
}

export function describeViolations(violations: AxeViolationSummary[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `    ${node.target}\n      ${node.html}\n      ${node.summary.replace(/\n/g, '\n      ')}`).join('\n');
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes}`;
    })
    .join('\n');
}

/** Fails with every WCAG 2.1 A/AA violation axe finds on the page (or the part named by `include`). */
export async function expectAccessible(page: Page, context: string, options: AccessibleOptions = {}): Promise<void> {
  // A page that has just rendered may still be settling in ways no animation reports (the full recipe
  // set arriving after a lazy page's first paint restyles its buttons): a violation must still be
  // there after the page has had a moment to settle before it counts. A real one always is.
  let violations = await axeViolations(page, options);
  for (let attempt = 0; violations.length && attempt < 4; attempt += 1) {
    await page.waitForTimeout(250);
    violations = await axeViolations(page, options);
  }
  if (violations.length) {
    throw new Error(`${context} (${page.url()}): ${violations.length} accessibility violation(s)\n${describeViolations(violations)}`);
  }
}
