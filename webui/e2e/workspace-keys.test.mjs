// The mind map as XMind works (issue 17): every shortcut pressed on the canvas, undo and redo
// across a reload and against another browser's edit, the drop target shown while dragging.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import path from "node:path";
import { accessibilityProblems } from "./accessibility.mjs";
import { BASE_URL, PASSWORD, SCREENSHOTS, launch, signIn } from "./browser.mjs";

let context;
let page;
let graphId;
const GRAPH_NAME = `e2e 快捷键 ${Date.now() % 100000}`;
const mod = process.platform === "darwin" ? "Meta" : "Control";

const mindNode = (name) => page.locator(`[data-testid=mind-node][data-name="${name}"]`);
const selectedName = () => page.locator("[data-testid=mind-node][data-selected=true]").getAttribute("data-name");

async function apiAs(userName) {
  const answer = await (await fetch(`${BASE_URL}/basic-api/api/Authorize/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userName, password: PASSWORD }),
  })).json();
  const token = answer.result.accessToken;
  return async (method, url, body) =>
    (await fetch(`${BASE_URL}/basic-api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    })).json();
}

/** The tree as the server has it: names nested, children in order. */
let reader;
async function serverTree() {
  // Another account: signing the teacher in again would end the browser's session (one per account).
  reader ??= await apiAs("admin");
  const call = reader;
  const { result } = await call("GET", `/api/graph/searchTree?graphId=${graphId}`);
  const shape = (node) => (node.childs.length ? { [node.name]: node.childs.map(shape) } : node.name);
  return shape(result.tree);
}

/** Type a name into the canvas's in-place editor and save it. */
async function nameInPlace(name) {
  const input = page.getByTestId("mind-rename");
  await input.waitFor();
  await input.fill(name);
  await input.press("Enter");
  await mindNode(name).waitFor();
}

/** The map gets the whole width: the outline would cover the left half's nodes. */
async function hideOutline(on = page) {
  await on.getByRole("button", { name: "隐藏目录树" }).click();
}

async function select(name) {
  await mindNode(name).click();
  await page.waitForFunction((wanted) => document.querySelector("[data-testid=mind-node][data-selected=true]")?.dataset.name === wanted, name);
}

before(async () => {
  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
  if (process.env.E2E_DEBUG) page.on("response", async (r) => r.url().includes("/api/graph/") && console.log(r.request().method(), r.url().split("/basic-api")[1].slice(0, 80), (await r.text().catch(() => "")).slice(0, 120)));
  await signIn(page, "teacher");
});

after(async () => {
  await context?.close();
});

test("Tab, Enter, F2 and double-click build and rename the tree on the canvas", async () => {
  await page.getByTestId("new-graph").click();
  const dialog = page.getByTestId("create-graph");
  await dialog.getByTestId("create-project").selectOption({ label: "计算机科学与技术专业建设" });
  await dialog.getByTestId("create-template").selectOption({ label: "教学图谱" });
  await dialog.getByTestId("create-name").fill(GRAPH_NAME);
  await dialog.getByTestId("create-submit").click();
  await page.waitForURL("**/knowledgeGraph/knowledgeTree/*");
  graphId = Number(new URL(page.url()).pathname.split("/")[3]);
  await hideOutline();
  await select(GRAPH_NAME);
  await page.keyboard.press("Tab");
  await nameInPlace("栈");
  assert.equal(await selectedName(), "栈");
  await page.keyboard.press("Enter");
  await nameInPlace("队列");
  await select("栈");
  await page.keyboard.press("Tab");
  await nameInPlace("顺序栈");
  await select("队列");
  await page.keyboard.press("F2");
  await nameInPlace("循环队列");
  // Selected first: the rename re-lays the map out, and a double-click must not land on a node still moving.
  await select("顺序栈");
  await mindNode("顺序栈").dblclick();
  await nameInPlace("顺序存储栈");
  assert.deepEqual(await serverTree(), { [GRAPH_NAME]: [{ 栈: ["顺序存储栈"] }, "循环队列"] });
});

test("arrows move the selection, Space folds and ? lists the keys", async () => {
  await select("顺序存储栈");
  const side = await mindNode("顺序存储栈").getAttribute("data-side");
  await page.keyboard.press(side === "left" ? "ArrowRight" : "ArrowLeft");
  assert.equal(await selectedName(), "栈");
  await page.keyboard.press(side === "left" ? "ArrowLeft" : "ArrowRight");
  assert.equal(await selectedName(), "顺序存储栈");
  await page.keyboard.press(side === "left" ? "ArrowRight" : "ArrowLeft");
  await page.keyboard.press(" ");
  await mindNode("顺序存储栈").waitFor({ state: "detached" });
  await page.keyboard.press(" ");
  await mindNode("顺序存储栈").waitFor();
  await page.keyboard.press("?");
  await page.getByTestId("map-keys").filter({ hasText: "Tab" }).waitFor();
  await page.keyboard.press("Escape");
  await page.getByTestId("map-keys").waitFor({ state: "detached" });
});

test("a branch is copied and pasted, deleted (a branch after asking), and undo and redo replay it across a reload", async () => {
  await select("栈");
  await page.keyboard.press(`${mod}+c`);
  await page.getByTestId("toast").first().waitFor();
  await select("循环队列");
  await page.keyboard.press(`${mod}+v`);
  await page.locator('[data-testid=mind-node][data-name="栈"]').nth(1).waitFor();
  assert.deepEqual(await serverTree(), { [GRAPH_NAME]: [{ 栈: ["顺序存储栈"] }, { 循环队列: [{ 栈: ["顺序存储栈"] }] }] });

  // A leaf goes at once; a branch asks first.
  // The pasted copy is the newer node (the higher id).
  const copyId = await page.evaluate(() => Math.max(...[...document.querySelectorAll('[data-testid=mind-node][data-name="顺序存储栈"]')].map((n) => Number(n.dataset.nodeId))));
  await page.locator(`[data-testid=mind-node][data-node-id="${copyId}"]`).click();
  await page.keyboard.press("Delete");
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=mind-node][data-name="顺序存储栈"]').length === 1);
  await select("循环队列");
  await page.keyboard.press("Delete");
  await page.getByTestId("confirm-yes").click();
  await mindNode("循环队列").waitFor({ state: "detached" });
  assert.deepEqual(await serverTree(), { [GRAPH_NAME]: [{ 栈: ["顺序存储栈"] }] });

  // Undo brings the branch back (with the pasted 栈 under it, as it was when deleted).
  await page.keyboard.press(`${mod}+z`);
  await mindNode("循环队列").waitFor();
  assert.deepEqual(await serverTree(), { [GRAPH_NAME]: [{ 栈: ["顺序存储栈"] }, { 循环队列: ["栈"] }] });

  // After a reload the session's history is still there: the deleted leaf comes back too.
  await page.reload();
  await mindNode("循环队列").waitFor();
  await hideOutline();
  await page.getByTestId("mind-map").focus();
  await page.keyboard.press(`${mod}+z`);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=mind-node][data-name="顺序存储栈"]').length === 2);
  assert.deepEqual(await serverTree(), { [GRAPH_NAME]: [{ 栈: ["顺序存储栈"] }, { 循环队列: [{ 栈: ["顺序存储栈"] }] }] });

  // Redo deletes the leaf again, then the branch; undo once more restores the branch.
  await page.keyboard.press(`Shift+${mod}+z`);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=mind-node][data-name="顺序存储栈"]').length === 1);
  await page.keyboard.press(`Shift+${mod}+z`);
  await mindNode("循环队列").waitFor({ state: "detached" });
  await page.keyboard.press(`${mod}+z`);
  await mindNode("循环队列").waitFor();
  assert.deepEqual(await serverTree(), { [GRAPH_NAME]: [{ 栈: ["顺序存储栈"] }, { 循环队列: ["栈"] }] });
});

/** A node's box once the map has stopped moving it (after an undo the layout settles over a few frames). */
async function settledBox(locator) {
  let box = await locator.boundingBox();
  for (let i = 0; i < 30; i++) {
    await page.waitForTimeout(100);
    const again = await locator.boundingBox();
    if (again && box && again.x === box.x && again.y === box.y) return again;
    box = again;
  }
  return box;
}

// Two nodes are named 栈 here (the first, and the restored copy under 循环队列): undo must take
// 顺序存储栈 back under its own 栈. Undo is pressed as soon as the server has the move, while the
// page still reads the tree again: it must undo the move, not the edit before it.
test("a drag shows where the node will land, and undo moves it back", async () => {
  const draggedId = Number(await mindNode("顺序存储栈").getAttribute("data-node-id"));
  const from = await settledBox(mindNode("顺序存储栈"));
  const to = await settledBox(mindNode("循环队列"));
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await mindNode("循环队列").locator("[data-drop-target=true]").waitFor();
  await page.mouse.up();
  await page.getByTestId("mind-map").focus();
  let tree;
  for (let i = 0; i < 40; i++) {
    tree = await serverTree();
    if (JSON.stringify(tree).includes('"循环队列":["栈","顺序存储栈"]')) break;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(tree, { [GRAPH_NAME]: ["栈", { 循环队列: ["栈", "顺序存储栈"] }] });
  await page.keyboard.press(`${mod}+z`);
  await page.waitForFunction(() => !document.querySelector("[data-testid=modal]"));
  const movedBack = { [GRAPH_NAME]: [{ 栈: ["顺序存储栈"] }, { 循环队列: ["栈"] }] };
  for (let i = 0; i < 40; i++) {
    tree = await serverTree();
    if (JSON.stringify(tree) === JSON.stringify(movedBack)) break;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(tree, movedBack);
  // The same node went back (moved, not made again).
  const { result } = await reader("GET", `/api/graph/searchTree?graphId=${graphId}`);
  assert.equal(result.tree.childs[0].childs[0].id, draggedId);
});

test("undo against another browser's newer edit answers a conflict, says so and refreshes", async () => {
  await select("循环队列");
  await page.keyboard.press("F2");
  await nameInPlace("双端队列");
  // Another browser (another editor of the project) renames the node again.
  const other = await launch();
  try {
    const otherPage = other.pages()[0] ?? (await other.newPage());
    await signIn(otherPage, "admin");
    await otherPage.goto(`${BASE_URL}/knowledgeGraph/knowledgeTree/${graphId}`);
    await hideOutline(otherPage);
    const node = otherPage.locator('[data-testid=mind-node][data-name="双端队列"]');
    await node.click();
    await otherPage.keyboard.press("F2");
    await otherPage.getByTestId("mind-rename").fill("优先队列");
    await otherPage.getByTestId("mind-rename").press("Enter");
    await otherPage.locator('[data-testid=mind-node][data-name="优先队列"]').waitFor();
  } finally {
    await other.close();
    reader = null; // the other browser's sign-in ended the reader's session (one per account)
  }
  // Undoing this page's rename would overwrite it: the server refuses the stale revision.
  await page.getByTestId("mind-map").focus();
  await page.keyboard.press(`${mod}+z`);
  const modal = page.getByTestId("modal");
  await modal.filter({ hasText: "数据已被他人修改" }).waitFor();
  await mindNode("优先队列").waitFor();
  await modal.getByTestId("modal-action").click();
  assert.deepEqual(await serverTree(), { [GRAPH_NAME]: [{ 栈: ["顺序存储栈"] }, { 优先队列: ["栈"] }] });
  // The refused step left the history; the next undo is the one before it: the deleted leaf
  // comes back under the pasted 栈, whichever id that node has now.
  await page.getByTestId("mind-map").focus();
  await page.keyboard.press(`${mod}+z`);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=mind-node][data-name="顺序存储栈"]').length === 2);
  assert.deepEqual(await serverTree(), { [GRAPH_NAME]: [{ 栈: ["顺序存储栈"] }, { 优先队列: [{ 栈: ["顺序存储栈"] }] }] });
});

test("a formula is typeset by KaTeX in the drawer, with a live preview while editing", async () => {
  await mindNode("顺序存储栈").first().click({ button: "right" });
  await page.getByTestId("node-menu-detail").click();
  await page.getByTestId("edit-description").click();
  await page.getByRole("button", { name: /公式/ }).click();
  const formula = page.getByPlaceholder(/公式/).last();
  await formula.fill("$T(n) = O(n^2)$");
  // Typeset while typing, before saving.
  await page.getByTestId("formula-preview").locator(".katex").first().waitFor();
  await page.getByTestId("save-description").click();
  const view = page.getByTestId("description-view");
  await view.locator(".katex").first().waitFor();
  const shown = await view.evaluate((element) => {
    const copy = element.cloneNode(true);
    copy.querySelectorAll(".katex-mathml").forEach((node) => node.remove());
    return copy.textContent;
  });
  assert.ok(!shown.includes("$"), `raw $ left: ${shown}`);
});

for (const theme of ["light", "dark"]) {
  test(`the workspace has no serious contrast or labelling violation (${theme})`, async () => {
    await page.evaluate((dark) => localStorage.setItem("zhitu.projectConfig", JSON.stringify({ darkMode: dark })), theme === "dark");
    await page.goto(`${BASE_URL}/knowledgeGraph/knowledgeTree/${graphId}`);
    await mindNode("顺序存储栈").first().waitFor();
    await page.waitForTimeout(500);
    assert.deepEqual(await accessibilityProblems(page), []);
    // With a node selected and its drawer open.
    await mindNode("栈").first().click({ button: "right" });
    await page.getByTestId("node-menu-detail").click();
    await page.getByTestId("description-view").waitFor();
    assert.deepEqual(await accessibilityProblems(page), []);
    await page.evaluate(() => localStorage.removeItem("zhitu.projectConfig"));
  });
}

test("on a phone (390 px) the workspace shows the map or the outline, with a folded legend", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto(`${BASE_URL}/knowledgeGraph/knowledgeTree/${graphId}`);
    await page.getByTestId("mind-map").waitFor();
    assert.equal(await page.getByTestId("outline-pane").count(), 0);
    assert.equal(await page.locator("details:has([data-testid=legend])").evaluate((d) => d.open), false);
    await page.screenshot({ path: path.join(SCREENSHOTS, "workspace-phone-map.png") });
    await page.getByRole("button", { name: "显示目录树" }).click();
    // The outline takes the workspace's whole width.
    const outline = await page.getByTestId("outline-pane").boundingBox();
    const workspace = await page.getByTestId("graph-workspace").boundingBox();
    assert.ok(outline.width >= workspace.width - 2, `outline ${outline.width} of ${workspace.width} px`);
    assert.equal(await page.getByTestId("mind-map").isVisible(), false);
    await page.screenshot({ path: path.join(SCREENSHOTS, "workspace-phone-outline.png") });
  } finally {
    await page.setViewportSize({ width: 1366, height: 820 });
  }
});
