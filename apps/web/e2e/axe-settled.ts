import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No serious or critical axe violation, measured once the page's animations have finished. */
export async function expectNoSeriousViolations(page: Page) {
  // The page fades in (0.4 s): measured mid-fade, text contrast reads lower than it is.
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().every((a) => a.playState !== 'running')))
    .toBe(true);
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}
