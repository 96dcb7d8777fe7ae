// Issue 17: an accepted mining result links to its node by the node's name (never "node #1027"),
// in the notice after the accept and on the result's row; a node deleted since is said to be gone.
import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { BASE_URL, SCREENSHOTS, launch } from "./browser.mjs";
import { api, apiLogin, signInAs } from "./issue9-helpers.mjs";

let context;
let page;
let graphId;
const SOURCE = "名称链接.md";
const TEXT = ["# 第一章 线性表", "栈是限定仅在表尾进行插入和删除操作的线性表。队列是只允许在一端进行插入而在另一端进行删除的线性表。"].join("\n");

/** The browser's own token: signing in again through the API would end the browser's session. */
const sessionToken = () => page.evaluate(() => JSON.parse(window.localStorage.getItem("zhitu.session")).accessToken);

before(async () => {
  const token = await apiLogin("teacher");
  const graphs = await api(token, "GET", "/api/graphList/list?page=1&pageSize=50");
  const teaching = graphs.result.items.find((g) => g.templateKind === "teaching" && g.isEdit === 1);
  const made = await api(token, "POST", "/api/graphList", { name: `名称链接-${Date.now().toString(36)}`, templateId: teaching.templateId, projectId: teaching.projectId });
  assert.equal(made.code, 0, made.message);
  graphId = made.result.id;
  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
  await signInAs(page, "teacher");
});

after(async () => {
  if (graphId && page) {
    const answer = await api(await sessionToken(), "DELETE", `/api/graphList/${graphId}`);
    assert.equal(answer.code, 0, answer.message);
  }
  await context?.close();
});

test("an accepted point links to its node by the node's name, in the notice and on its row", async () => {
  await page.goto(`${BASE_URL}/excavate/textSource/${graphId}`);
  await page.getByTestId("manager-sources-" + graphId).waitFor();
  await page.getByTestId("source-file").setInputFiles({ name: SOURCE, mimeType: "text/markdown", buffer: Buffer.from(TEXT) });
  await page.getByTestId("manage-row").filter({ hasText: SOURCE }).first().waitFor();
  await page.goto(`${BASE_URL}/excavate/knowledge_point/${graphId}`);
  await page.getByTestId("source-choice").getByText(SOURCE).first().click();
  await page.getByTestId("mining-start").click();
  await page.getByTestId("task-row").first().waitFor();
  await page.waitForFunction(() => document.querySelector("[data-testid=task-row]")?.getAttribute("data-state") === "done", null, { timeout: 120_000 });
  await page.getByTestId("task-row").first().getByTestId("task-review").click();
  await page.waitForURL("**/excavate/knowledge_point_edit/**");
  const row = page.getByTestId("result-row").first();
  await row.waitFor();
  const term = (await row.getByTestId("result-label").textContent()).trim();
  const resultId = await row.getAttribute("data-result-id");
  // The fresh graph has only its root: the point goes under it.
  await page.getByTestId("accept-parent-picker").click();
  await page.getByTestId("node-option").first().click();
  await row.getByTestId("result-accept").click();

  const notice = page.getByTestId("landed");
  await notice.waitFor();
  const named = notice.getByTestId("landed-node");
  assert.equal((await named.textContent()).trim(), term);
  const nodeId = Number((await named.getAttribute("href")).split("/").pop());
  const accepted = page.locator(`[data-testid=result-row][data-result-id="${resultId}"][data-state=accepted]`);
  await accepted.waitFor();
  const link = accepted.getByTestId("result-node");
  assert.equal((await link.textContent()).replace("→", "").trim(), term);
  assert.equal(await link.getAttribute("href"), `/knowledgeGraph/knowledgeTree/${graphId}/${nodeId}`);
  assert.doesNotMatch(await accepted.textContent(), /#\d/);
  await page.screenshot({ path: path.join(SCREENSHOTS, "review-node-name-zh-light.png") });

  // The node the link named is what the graph holds under that id.
  const node = await api(await sessionToken(), "GET", `/api/graph/getNode?graphId=${graphId}&nodeId=${nodeId}`);
  assert.equal(node.result.name, term);

  // The link follows the node: opened, it selects the node in the graph.
  await link.click();
  await page.waitForURL(`**/knowledgeGraph/knowledgeTree/${graphId}/${nodeId}`);
});

test("a result whose node was deleted since says so, with no link and no id", async () => {
  await page.goto(`${BASE_URL}/excavate/knowledge_point/${graphId}`);
  await page.getByTestId("task-row").first().getByTestId("task-review").click();
  await page.waitForURL("**/excavate/knowledge_point_edit/**");
  const accepted = page.locator("[data-testid=result-row][data-state=accepted]").first();
  const href = await accepted.getByTestId("result-node").getAttribute("href");
  const nodeId = Number(href.split("/").pop());
  const removed = await api(await sessionToken(), "DELETE", `/api/graph/deleteNode?graphId=${graphId}&nodeId=${nodeId}`);
  assert.equal(removed.code, 0, removed.message);
  await page.reload();
  const gone = page.locator("[data-testid=result-row][data-state=accepted]").first();
  await gone.getByText("节点已删除").waitFor();
  assert.equal(await gone.getByTestId("result-node").count(), 0);
  assert.doesNotMatch(await gone.textContent(), /#\d/);
});
