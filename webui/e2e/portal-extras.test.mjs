// Issue 9, the last pieces of the portal, library and back office: the public library's search and
// paging (SPEC §9 page sizes 10, 20, 30, 50, 100, 10 first), the preview's 1-second refresh lock, and
// the main actions of /taskManager, /textSourceBank/index, /graphManager and /applyfor as an admin.
// Every test makes its own data through the API and removes it at the end where the platform allows.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { BASE_URL, launch } from "./browser.mjs";
import { api, apiLogin, signInAs } from "./issue9-helpers.mjs";

let context;
let page;
let admin;
const stamp = `额外${Date.now().toString(36)}`;
const graphs = [];
const COUNT = 11;

before(async () => {
  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
  admin = await apiLogin("admin");
  const list = await api(admin, "GET", "/api/graphList/list?page=1&pageSize=50");
  const base = list.result.items.find((g) => g.templateId && g.projectId);
  assert.ok(base, "the admin reaches no graph to copy the template and project from");
  for (let i = 1; i <= COUNT; i += 1) {
    const name = `${stamp}-${String(i).padStart(2, "0")}`;
    const made = await api(admin, "POST", "/api/graphList", { name, templateId: base.templateId, projectId: base.projectId });
    assert.equal(made.code, 0, made.message);
    graphs.push({ id: made.result.id, name });
    const offered = await api(admin, "POST", "/api/common/graph/publish", { graphId: made.result.id, summary: "分页演练" });
    assert.equal(offered.code, 0, offered.message);
    const published = await api(admin, "POST", "/api/common/graph/updatePublicState", { graphId: made.result.id, publicState: 4, opinion: "通过" });
    assert.equal(published.code, 0, published.message);
  }
  await signInAs(page, "admin");
  // Signing in ends the API session: carry on with the browser's token.
  admin = await page.evaluate(() => JSON.parse(window.localStorage.getItem("zhitu.session")).accessToken);
});

after(async () => {
  const token = await apiLogin("admin").catch(() => null);
  if (token) {
    for (const graph of graphs) {
      await api(token, "PUT", `/api/common/graph/unPublish/${graph.id}`);
      await api(token, "DELETE", `/api/graphList/${graph.id}`);
    }
  }
  await context?.close();
});

const cards = (view) => view.getByTestId("library-card");

/** Search the library for `text` and wait until exactly `count` cards show. */
async function librarySearch(view, text, count) {
  await view.getByTestId("library-search").fill(text);
  await view.getByTestId("library-search").press("Enter");
  await view.waitForFunction(
    ([n, t]) => {
      const found = [...document.querySelectorAll("[data-testid=library-card]")];
      return found.length === n && found.every((card) => card.textContent.includes(t));
    },
    [count, text],
  );
}

async function libraryPaging(view) {
  await view.goto(`${BASE_URL}/graphCommonMore`);
  await cards(view).first().waitFor();
  // Search by name narrows the list: the stamp gives our 11, one full name gives one.
  await librarySearch(view, graphs[0].name, 1);
  await librarySearch(view, stamp, 10);
  const pager = view.getByTestId("manage-pager");
  const size = pager.getByRole("combobox");
  // SPEC §9: 10, 20, 30, 50, 100, 10 first.
  assert.deepEqual(await size.locator("option").evaluateAll((options) => options.map((o) => Number(o.value))), [10, 20, 30, 50, 100]);
  assert.equal(await size.inputValue(), "10");
  assert.match(await pager.textContent(), /共 11 条/);
  const firstPage = await cards(view).locator("h3").allTextContents();
  await pager.getByRole("button", { name: "下一页" }).click();
  await view.waitForFunction(() => document.querySelectorAll("[data-testid=library-card]").length === 1);
  const secondPage = await cards(view).locator("h3").allTextContents();
  assert.equal(new Set([...firstPage, ...secondPage]).size, COUNT);
  assert.ok(await pager.getByRole("button", { name: "下一页" }).isDisabled());
  await size.selectOption("20");
  await view.waitForFunction((n) => document.querySelectorAll("[data-testid=library-card]").length === n, COUNT);
}

test("the public library, signed out: search narrows, page size and next page", async () => {
  const anonymous = await context.browser().newContext();
  const visitor = await anonymous.newPage();
  await libraryPaging(visitor);
  await anonymous.close();
});

test("the public library, signed in: search narrows, page size and next page", async () => {
  await libraryPaging(page);
});

test("the common graph preview: refresh locks for 1 second, then works again", async () => {
  await page.goto(`${BASE_URL}/common_graph/${graphs[0].id}`);
  await page.getByTestId("preview-title").filter({ hasText: graphs[0].name }).waitFor();
  const refresh = page.getByTestId("mind-refresh");
  await refresh.waitFor();
  assert.ok(await refresh.isEnabled());
  const reloads = [];
  page.on("request", (request) => request.url().includes("/api/preview/searchGraph") && reloads.push(Date.now()));
  const clicked = Date.now();
  await refresh.click();
  assert.ok(await refresh.isDisabled(), "locked right after the click");
  await page.waitForTimeout(600);
  assert.ok(await refresh.isDisabled(), "still locked before the second is out");
  await page.waitForFunction(() => !document.querySelector("[data-testid=mind-refresh]").disabled, null, { timeout: 3000 });
  assert.ok(Date.now() - clicked >= 950, "unlocked no sooner than 1 s");
  assert.equal(reloads.length, 1, "the click reloaded the graph once");
  await refresh.click();
  await page.waitForFunction(() => !document.querySelector("[data-testid=mind-refresh]").disabled, null, { timeout: 3000 });
  assert.equal(reloads.length, 2, "a click after the lock reloads again");
});

// ---- back office ----

const row = (text) => page.getByTestId("manage-row").filter({ hasText: text });

async function open(pathname, resource) {
  await page.goto(`${BASE_URL}${pathname}`);
  await page.getByTestId(`manager-${resource}`).waitFor();
  await page.getByTestId("manage-row").first().or(page.getByTestId("manage-empty")).first().waitFor();
}

async function search(text) {
  await page.getByTestId("manage-search").fill(text);
  await page.getByTestId("manage-search-submit").click();
}

test("task manager: the search finds a dispatched task by title, the state filter keeps or hides it", async () => {
  const graph = await api(admin, "GET", `/api/graph/searchGraph?graphId=${graphs[1].id}`);
  const root = graph.result.nodes.find((n) => n.parentId === null) ?? graph.result.nodes[0];
  assert.ok(root, "the new graph has no node");
  const people = await api(admin, "GET", `/api/graph/task/assignees?graphId=${graphs[1].id}&keyword=`);
  assert.ok(people.result.length > 0, "nobody to assign");
  const title = `${stamp}任务`;
  const task = await api(admin, "POST", "/api/graph/task/dispatch", { graphId: graphs[1].id, nodeId: root.id, assigneeId: people.result[0].userId, title });
  assert.equal(task.code, 0, task.message);
  await open("/taskManager", "graph-tasks");
  await search(title);
  await row(title).waitFor();
  // The earlier rows stay on screen until the search's answer replaces them.
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=manage-row]").length === 1, null, { timeout: 10_000 });
  assert.equal(await page.getByTestId("manage-row").count(), 1, "the search keeps only the task with that title");
  await page.getByLabel("状态").selectOption("examined");
  await page.getByTestId("manage-empty").waitFor();
  await page.getByLabel("状态").selectOption("assigned");
  await row(title).getByText("已分配").or(row(title)).first().waitFor();
  // The task goes with its graph when the graphs are deleted at the end.
});

test("text-material bank: search finds an uploaded material, delete removes it", async () => {
  const name = `${stamp}讲义.txt`;
  const form = new FormData();
  form.set("file", new Blob(["第一章 概述\n知识图谱。\n"], { type: "text/plain" }), name);
  form.set("graphId", String(graphs[2].id));
  const response = await fetch(`${BASE_URL}/basic-api/api/excavate/textSource`, { method: "POST", headers: { Authorization: `Bearer ${admin}` }, body: form });
  const uploaded = await response.json();
  assert.equal(uploaded.code, 0, uploaded.message);
  await open("/textSourceBank/index", "source-bank");
  await search(stamp);
  await row(name).waitFor();
  // The earlier rows stay on screen until the search's answer replaces them.
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=manage-row]").length === 1, null, { timeout: 10_000 });
  assert.equal(await page.getByTestId("manage-row").count(), 1);
  await row(name).getByTestId("row-delete").click();
  await page.getByTestId("confirm-yes").click();
  await row(name).waitFor({ state: "detached" });
  const bank = await api(admin, "GET", `/api/excavate/textSource/bank?page=1&pageSize=10&keyword=${encodeURIComponent(stamp)}`);
  assert.equal(bank.result.total, 0, "the material is gone from the bank");
});

test("graph manager: search and release filter narrow the list, the export follows them", async () => {
  await open("/graphManager/index", "graphs");
  await search(stamp);
  await page.getByTestId("manage-pager").filter({ hasText: `共 ${COUNT} 条` }).waitFor();
  assert.equal(await page.getByTestId("manage-row").count(), 10);
  await page.getByLabel("发布状态").selectOption("1");
  await page.getByTestId("manage-empty").waitFor();
  await page.getByLabel("发布状态").selectOption("0");
  await page.getByTestId("manage-pager").filter({ hasText: `共 ${COUNT} 条` }).waitFor();
  const requestBody = page.waitForRequest((request) => request.url().includes("/api/manage/export"));
  const download = page.waitForEvent("download");
  await page.getByTestId("graphs-export").click();
  const sent = JSON.parse((await requestBody).postData());
  assert.equal(sent.name, stamp);
  assert.equal(sent.releaseState, 0);
  assert.match((await download).suggestedFilename(), /\.xlsx$/);
});

test("trial applications: a rejection needs an opinion; the state filter finds it rejected", async () => {
  const name = `试用${stamp}`;
  const tel = `138${String(Date.now()).slice(-8)}`;
  // An admin handles the applications of their own unit only: one names the admin's, one another.
  const applied = await api(null, "POST", "/api/trial/apply", { name, unitName: "示范大学", tel, reason: "想试试" });
  assert.equal(applied.code, 0, applied.message);
  const elsewhere = `别校${stamp}`;
  const other = await api(null, "POST", "/api/trial/apply", { name: elsewhere, unitName: `试用大学${stamp}`, tel: `139${String(Date.now()).slice(-8)}`, reason: "想试试" });
  assert.equal(other.code, 0, other.message);
  await open("/applyfor/index", "trials");
  await search(elsewhere);
  await row(elsewhere).waitFor();
  assert.equal(await row(elsewhere).getByTestId("row-handle").count(), 0, "another unit's application offers no handling");
  await search(name);
  await row(name).getByTestId("row-handle").click();
  await page.locator("#field-state").selectOption("2");
  await page.getByTestId("form-submit").click();
  assert.equal(await page.getByTestId("form-dialog").count(), 1, "no opinion, no rejection");
  await page.locator("#field-opinion").fill("资料不全");
  await page.getByTestId("form-submit").click();
  await page.getByTestId("form-dialog").waitFor({ state: "detached" });
  await row(name).getByText("资料不全").waitFor();
  assert.equal(await row(name).getByTestId("row-handle").count(), 0, "handled once only");
  await page.getByLabel("状态").selectOption("0");
  await row(name).waitFor({ state: "detached" });
  await page.getByLabel("状态").selectOption("2");
  await row(name).getByText("已拒绝").waitFor();
  const listed = await api(admin, "GET", `/api/trial/list?page=1&pageSize=10&name=${encodeURIComponent(name)}`);
  assert.equal(listed.result.items[0].state, 2);
});
