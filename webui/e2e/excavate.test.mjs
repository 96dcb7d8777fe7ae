// Issue 9, knowledge process: upload a text material, start a knowledge-point task, watch its
// progress, review with the passage highlighted, edit, reject, accept: the node lands in the graph.
// Needs a mining worker: one is started on the platform's data directory for the test.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { BASE_URL, SCREENSHOTS, launch } from "./browser.mjs";
import { api, apiLogin, assertForbidden, platformHome, signInAs } from "./issue9-helpers.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
let context;
let page;
let worker;
let graphId;
const TEXT = [
  "第一章 线性表",
  "线性表是由 n 个数据元素组成的有限序列。顺序表是用一组地址连续的存储单元依次存储线性表的数据元素的线性表。",
  "单链表是通过一组任意的存储单元来存储线性表中的数据元素的链式存储结构。单链表的插入和删除操作不需要移动元素。",
  "栈是限定仅在表尾进行插入和删除操作的线性表。队列是只允许在一端进行插入而在另一端进行删除的线性表。",
  "顺序表、单链表、栈和队列都是线性表。循环队列是队列的顺序存储结构。",
].join("\n");

before(async () => {
  const home = platformHome();
  assert.ok(home, "the platform's ZHITU_HOME is needed to run a mining worker");
  const zhitu = path.join(ROOT, ".venv", "bin", "zhitu");
  worker = spawn(zhitu, ["worker", "--poll", "0.5"], { env: { ...process.env, ZHITU_HOME: home }, stdio: "ignore" });
  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
  const token = await apiLogin("teacher");
  const graphs = await api(token, "GET", "/api/graphList/list?page=1&pageSize=50");
  graphId = graphs.result.items.find((g) => g.templateKind === "teaching" && g.isEdit === 1).id;
});

after(async () => {
  worker?.kill("SIGTERM");
  await context?.close();
});

test("a signed-out visitor is sent to sign in; a teacher opens the knowledge process", async () => {
  await page.goto(`${BASE_URL}/excavate/knowledge_point`);
  await page.waitForURL("**/login?redirect=*");
  await signInAs(page, "teacher");
  await page.goto(`${BASE_URL}/excavate`);
  await page.waitForURL("**/excavate/textSource");
});

test("text materials: a wrong suffix is refused, a .txt is uploaded to the chosen graph", async () => {
  await page.goto(`${BASE_URL}/excavate/textSource/${graphId}`);
  await page.getByTestId("manager-sources-" + graphId).waitFor();
  await page.getByTestId("source-file").setInputFiles({ name: "virus.exe", mimeType: "application/octet-stream", buffer: Buffer.from("x") });
  await page.getByText("不支持的文件类型").waitFor();
  await page.getByTestId("source-file").setInputFiles({ name: "线性表.txt", mimeType: "text/plain", buffer: Buffer.from(TEXT) });
  await page.getByTestId("manage-row").filter({ hasText: "线性表.txt" }).waitFor();
});

test("knowledge points: start a task, see it finish live, review and accept into the graph", async () => {
  await page.goto(`${BASE_URL}/excavate/knowledge_point/${graphId}`);
  await page.getByTestId("source-choice").getByText("线性表.txt").first().click();
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
  await page.getByTestId("result-row").filter({ hasText: "线性表（已审）" }).getByTestId("result-accept").click();
  await page.getByTestId("landed").waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, "review-zh-light.png") });
  const token = await apiLogin("teacher");
  const tree = await api(token, "GET", `/api/graph/searchTree?graphId=${graphId}`);
  assert.match(JSON.stringify(tree.result), /线性表（已审）/);
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
