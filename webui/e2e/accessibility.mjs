// axe-core run in the page: the contrast and labelling rules the accessibility checks of issue 17 watch.
import { createRequire } from "node:module";

const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const WATCHED = /contrast|label|name|alt|title/;

/** The serious or critical WCAG 2 A/AA contrast and labelling violations on the page as it stands. */
export async function accessibilityProblems(page) {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + " " + (n.failureSummary ?? "").split("\n")[1]) }));
  });
  return violations.filter((v) => (v.impact === "serious" || v.impact === "critical") && WATCHED.test(v.id));
}
