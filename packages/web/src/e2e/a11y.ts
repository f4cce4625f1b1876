/**
 * Accessibility checks in the browser: axe-core (WCAG 2.0 and 2.1, levels A
 * and AA) run inside a page, its script read from node_modules (a dev
 * dependency; nothing of it is built into the client). The club's Content
 * Security Policy (script-src 'self') refuses an injected script tag
 * (Playwright's addScriptTag), and the pages are checked as served, policy
 * included: the script is evaluated through the browser's debugging
 * protocol instead, which the policy does not govern.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | null = null;
/** The rule sets checked: WCAG 2.1 A and AA (with the 2.0 rules they include). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface Violation {
  /** The page state checked, as the test names it. */
  readonly state: string;
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  /** The offending elements (axe's CSS selectors) and what axe says about the first. */
  readonly targets: readonly string[];
  readonly summary: string;
}

/** Runs axe on the page as it is now and returns its violations (none: `[]`). */
export async function axeViolations(page: Page, state: string): Promise<Violation[]> {
  axeSource ??= readFileSync(AXE_PATH, 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(
    async (tags) => {
      type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] };
      const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<AxeResult> } }).axe;
      const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.map(String).join(' ')),
        summary: v.nodes[0]?.failureSummary ?? '',
      }));
    },
    [...WCAG_TAGS],
  );
  return found.map((v) => ({ state, ...v }));
}

/** One line per violation, for a test's failure message. */
export function describeViolations(vs: readonly Violation[]): string {
  return vs
    .map(
      (v) =>
        `[${v.state}] ${v.id} (${v.impact}): ${v.help} — ${v.targets.length} element(s): ${v.targets.slice(0, 3).join(', ')}\n    ${v.summary.replace(/\n/g, ' ')}`,
    )
    .join('\n');
}

/** Fails (throws) when axe finds anything on the page as it is now. */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  const vs = await axeViolations(page, state);
  if (vs.length) throw new Error(`axe (WCAG 2.1 A/AA) found ${vs.length} violation(s):\n${describeViolations(vs)}`);
}
