// axe-core's WCAG 2 A and AA rules over a page of the app, injected into it (shared by the e2e tests that
// judge a screen's accessibility).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's WCAG 2 A and AA rules over the whole page. */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      rules: {
        // axe marks it experimental: a list item's name is the tool's name while it shows its description too.
        "label-content-name-mismatch": { enabled: false },
        // Chromium (and so Electron) lets the keyboard focus and scroll any scrolling box itself, since 130.
        "scrollable-region-focusable": { enabled: false },
      },
      resultTypes: ["violations"],
    });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.map(String).join(" ")}: ${(n.failureSummary ?? "").replace(/\s+/g, " ").trim()}`));
  });
}
