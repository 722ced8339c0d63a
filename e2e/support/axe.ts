import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/** One readable paragraph per violation: rule, impact, help, and every offending node. */
export function formatViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = (node.failureSummary ?? '').replace(/\n\s*/g, ' / ');
          return `    - ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${summary}`;
        })
        .join('\n');
      return `  [${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/**
 * Runs axe-core (WCAG 2 A and AA) on the current page and expects no violation. `exclude` leaves
 * out content that is not ours (an e-mail's body in its sandboxed frame).
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  options: { soft?: boolean; exclude?: string } = {},
) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  if (options.exclude) builder.exclude(options.exclude);
  const results = await builder.analyze();
  const message = `axe: ${results.violations.length} WCAG 2 A/AA violation(s) on ${label} (${page.url()}):\n${formatViolations(results.violations)}`;
  const check = options.soft ? expect.soft : expect;
  check(results.violations.length, message).toBe(0);
}

/** Axe once the toasts have gone (a toast is checked on its own, once its entry animation ends). */
export async function expectAccessible(page: Page, label: string, options: { exclude?: string } = {}) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page, label, options);
}
