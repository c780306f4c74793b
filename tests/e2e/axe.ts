import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Axe's WCAG 2.1 A and AA rules on the page once its animations have ended: a toast or a dialog
 * still fading in is drawn half transparent, which axe would report as too little contrast.
 * Endless animations (a spinner) are not waited for.
 */
export async function wcagScan(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
}
