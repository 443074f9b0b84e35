/** axe-core checks of a page in its current state, against the WCAG 2.2 A and AA rules. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** Every A and AA rule of WCAG 2.0, 2.1 and 2.2: together, WCAG 2.2 level AA. */
export const wcag22AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Fails with one readable line per violating element (rule, impact, selector, what to fix).
 * Transitions are finished first: a toast or dialog half faded in has the wrong contrast.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner never finishes: wait only for animations that end.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(wcag22AA).analyze();
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'unknown'}) at ${node.target.join(' ')}: ` +
        node.failureSummary?.replace(/\s+/g, ' '),
    ),
  );
  test.info().annotations.push({
    type: 'axe',
    description:
      `${state}: ${results.passes.length} rules passed, ${found.length} violations, ` +
      `needs review: ${results.incomplete.map((rule) => `${rule.id} ×${rule.nodes.length}`).join(', ') || 'none'}`,
  });
  expect(found, `axe violations (WCAG 2.2 A/AA) with ${state}`).toEqual([]);
}
