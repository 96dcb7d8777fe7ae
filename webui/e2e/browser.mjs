// Launching Debian's Chromium for the browser tests (never a downloaded browser).
import { mkdtempSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const BASE_URL = process.env.ZHITU_URL ?? "http://127.0.0.1:8000";
export const SCREENSHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "screenshots");
export const PASSWORD = "Zhitu@2026";

export async function launch() {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const userDataDir = mkdtempSync(path.join(tmpdir(), "zhitu-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1366, height: 820 },
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic", "--no-first-run",
      "--disable-component-update", "--disable-sync"],
  });
  return context;
}

/**
 * Waits until the map's viewport has stopped moving: a tree-row click centres its node and a zoom
 * step animates (up to 300 ms), and a click aimed before that lands where the element was, not
 * where it is (the floating toolbar moves with its node).
 */
export async function viewportSettled(page) {
  await page.evaluate(() => new Promise((resolve) => {
    const viewport = document.querySelector(".react-flow__viewport");
    if (!viewport) return resolve(true);
    let last = viewport.style.transform;
    let stillFrames = 0;
    const tick = () => {
      const now = viewport.style.transform;
      stillFrames = now === last ? stillFrames + 1 : 0;
      last = now;
      if (stillFrames >= 8) resolve(true);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }));
}

export async function signIn(page, userName, password = PASSWORD) {
  await page.goto(`${BASE_URL}/login`);
  await page.fill("#userName", userName);
  await page.fill("#password", password);
  await page.click("button[type=submit]");
  await page.waitForURL("**/knowledgeGraph/index");
}

/**
 * The browser of a test file: launched before its tests, closed after them, its first page signed
 * in as `userName` (null: left signed out). `onOpen` gets `{ context, page }` once they are open,
 * so that the file keeps its own variables: `signedInPage("teacher", (opened) => ({ context, page } = opened))`.
 */
export function signedInPage(userName, onOpen) {
  let context;
  before(async () => {
    context = await launch();
    const page = context.pages()[0] ?? (await context.newPage());
    if (userName) await signIn(page, userName);
    onOpen({ context, page });
  });
  after(async () => {
    await context?.close();
  });
}

/** The knowledge-tree row named `name` (every row of that name, when the tree holds several). */
export function treeRowNamed(page, name) {
  return page.locator(`[data-testid=tree-row]:has(span[title="${name}"])`);
}

/**
 * Adds a node in the knowledge tree beside or under the row `anchor` and waits for its row. A
 * tree may already hold a row of that name (a duplicate on purpose), so it waits for one more.
 */
export async function addInTree(page, anchor, mode, name, type) {
  const anchorRow = treeRowNamed(page, anchor);
  const before = await treeRowNamed(page, name).count();
  await anchorRow.hover();
  await anchorRow.getByTestId(mode === "child" ? "tree-add-child" : "tree-add-sibling").click();
  if (type) await page.getByLabel("节点类型").selectOption({ label: type });
  await page.getByTestId("tree-new-name").fill(name);
  await page.getByTestId("tree-new-name").press("Enter");
  await treeRowNamed(page, name).nth(before).waitFor();
}

/**
 * Waits for a toast saying `text`, then dismisses it (a toast closes when clicked), so that a later
 * wait for the same words sees the next toast and not this one still on screen for its 3 s.
 */
export async function seenToast(page, text) {
  const shown = page.getByTestId("toast").filter({ hasText: text }).first();
  await shown.waitFor();
  // A bare click event, not a pointer click: a pointer-down outside an open dialog would close it.
  await shown.dispatchEvent("click", undefined, { timeout: 2000 }).catch(() => {}); // it may have closed by itself meanwhile
  await page.getByTestId("toast").filter({ hasText: text }).first().waitFor({ state: "detached", timeout: 2000 }).catch(() => {});
}
