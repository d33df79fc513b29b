import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical WCAG 2.1 A/AA violation on the page as it stands (axe-core). Lists and
 * cards finish loading first; the development ribbon is not the product's, and the layout preview
 * draws the manufacturer's own colours as they are (its editor warns of low contrast). A sandboxed
 * frame (an e-mail shown as sent, in the notification preview) may run no script: axe cannot scan it.
 */
export async function expectAccessible(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-testid="dev-ribbon"]')
    .exclude('[data-testid="layout-preview"]')
    .exclude('iframe[sandbox]')
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}
