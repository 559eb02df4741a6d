import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe's WCAG 2.2 AA violations on the page as it is now, one line each. Entrance animations are
 * let finish first: a control caught half faded in would be judged on a contrast nobody sees.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  const settled = page
    .evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    )
    .catch(() => undefined);
  // Bounded here, not in the page: a paused animation never finishes, and a page whose timers
  // stall (seen once on a loaded machine) must not hold the test until its timeout.
  await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 3000))]);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}
