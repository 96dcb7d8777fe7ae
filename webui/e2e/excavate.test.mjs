// Issue 9, knowledge process: upload a text material, start a knowledge-point task, watch its
// progress, review with the passage highlighted, edit, reject, accept: the node lands in the graph.
// Issue 15: no worker is started by hand (zhitu demo runs one), the material is Markdown, the
// points go under a chosen parent and a rejected one is reopened.
import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { BASE_URL, SCREENSHOTS, launch } from "./browser.mjs";
import { api, apiLogin, assertForbidden, signInAs } from "./issue9-helpers.mjs";

let context;
let page;
let graphId;
const TEXT = [
  "# 第一章 线性表",
  "线性表是由 n 个数据元素组成的有限序列。顺序表是用一组地址连续的存储单元依次存储线性表的数据元素的线性表。",
  "单链表是通过一组任意的存储单元来存储线性表中的数据元素的链式存储结构。单链表的插入和删除操作不需要移动元素。",
  "栈是限定仅在表尾进行插入和删除操作的线性表。队列是只允许在一端进行插入而在另一端进行删除的线性表。",
  "顺序表、单链表、栈和队列都是线性表。循环队列是队列的顺序存储结构。",
].join("\n");

before(async () => {
  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
  const token = await apiLogin("teacher");
  const graphs = await api(token, "GET", "/api/graphList/list?page=1&pageSize=50");
  graphId = graphs.result.items.find((g) => g.templateKind === "teaching" && g.isEdit === 1).id;
});

after(async () => {
  await context?.close();
});

test("a signed-out visitor is sent to sign in; a teacher opens the knowledge process", async () => {
  await page.goto(`${BASE_URL}/excavate/knowledge_point`);
  await page.waitForURL("**/login?redirect=*");
  await signInAs(page, "teacher");
  await page.goto(`${BASE_URL}/excavate`);
  await page.waitForURL("**/excavate/textSource");
});

test("text materials: a wrong suffix is refused, a .md is uploaded to the chosen graph", async () => {
  await page.goto(`${BASE_URL}/excavate/textSource/${graphId}`);
  await page.getByTestId("manager-sources-" + graphId).waitFor();
  await page.getByTestId("source-file").setInputFiles({ name: "virus.exe", mimeType: "application/octet-stream", buffer: Buffer.from("x") });
  await page.getByText("不支持的文件类型").waitFor();
  await page.getByTestId("source-file").setInputFiles({ name: "线性表.md", mimeType: "text/markdown", buffer: Buffer.from(TEXT) });
  await page.getByTestId("manage-row").filter({ hasText: "线性表.md" }).first().waitFor();
});

test("knowledge points: start a task (no worker started by hand), see it finish live, review and accept under a chosen parent", async () => {
  await page.goto(`${BASE_URL}/excavate/knowledge_point/${graphId}`);
  await page.getByTestId("source-choice").getByText("线性表.md").first().click();
  await page.getByTestId("mining-start").click();
  const task = page.getByTestId("task-row").first();
  await task.waitFor();
  await page.waitForFunction(() => document.querySelector("[data-testid=task-row]")?.getAttribute("data-state") === "done", null, { timeout: 120_000 });
  await page.screenshot({ path: path.join(SCREENSHOTS, "mining-zh-light.png") });
  await task.getByTestId("task-review").click();
  await page.waitForURL("**/excavate/knowledge_point_edit/**");
  const rows = page.getByTestId("result-row");
  await rows.first().waitFor();
  assert.ok((await rows.count()) >= 2);
  assert.ok((await page.getByTestId("result-passage").first().locator("mark").textContent()).length > 0);
  // Edit the first result, reject the second, accept the first.
  const first = rows.first();
  await first.getByTestId("result-edit").click();
  await first.getByTestId("edit-term").fill("线性表（已审）");
  await first.getByTestId("edit-save").click();
  await page.getByTestId("result-label").filter({ hasText: "线性表（已审）" }).waitFor();
  const label = await rows.nth(1).getByTestId("result-label").textContent();
  await rows.nth(1).getByTestId("result-reject").click();
  await page.locator("[data-testid=result-row][data-state=rejected]").filter({ hasText: label }).waitFor();
  // Without a parent chosen (nothing attributed yet) the accept asks for one and writes nothing.
  const accepted = page.getByTestId("result-row").filter({ hasText: "线性表（已审）" });
  await accepted.getByTestId("result-accept").click();
  await page.getByText("选择知识点挂载的节点").first().waitFor();
  assert.equal(await accepted.getAttribute("data-state"), "edited");
  await page.getByTestId("accept-parent-picker").click();
  const option = page.getByTestId("node-option").nth(1);
  const parentName = (await option.locator("span").first().textContent()).trim();
  await option.click();
  await accepted.getByTestId("result-accept").click();
  await page.getByTestId("landed").waitFor();
  // The accepted result links to its node by name.
  await accepted.getByTestId("result-node").filter({ hasText: "线性表（已审）" }).waitFor();
  // The rejected result is reopened for review (before the API sign-in below replaces this session).
  const rejected = page.locator("[data-testid=result-row][data-state=rejected]").filter({ hasText: label });
  const rejectedId = await rejected.getAttribute("data-result-id");
  await rejected.getByTestId("result-reopen").click();
  await page.locator(`[data-testid=result-row][data-result-id="${rejectedId}"][data-state=pending]`).waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, "review-zh-light.png") });
  const token = await apiLogin("teacher");
  const made = await api(token, "GET", `/api/graph/searchPoint?graphId=${graphId}&keyword=${encodeURIComponent("线性表（已审）")}&page=1&pageSize=5`);
  const node = made.result.items.find((item) => item.name === "线性表（已审）");
  assert.ok(node, "the accepted point is a node of the graph");
  const parent = await api(token, "GET", `/api/graph/getNode?graphId=${graphId}&nodeId=${node.parentId}`);
  assert.equal(parent.result.name, parentName);
});

test("the other mining screens open with their task lists", async () => {
  for (const route of ["belong", "definition", "relation", "catalogue"]) {
    await page.goto(`${BASE_URL}/excavate/${route}/${graphId}`);
    await page.getByTestId(`mining-${route}`).waitFor();
  }
});

test("the text-material bank stays closed to a teacher", async () => {
  await assertForbidden(page, "/textSourceBank/index");
});
