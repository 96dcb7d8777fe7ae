// Issue 19, the checks its first browser tests left open: every row's actions inside the table's
// visible area with long cells cut and their text in a tooltip (relation types and users, 1366 px);
// the library entries of both graph menus follow the graph's state; the shipped help documents and
// videos in both languages; member counts follow at once; a unit admin's statistics equal the API's
// counts for the unit.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { BASE_URL, signedInPage } from "./browser.mjs";
import { api, apiLogin, signInAs } from "./issue9-helpers.mjs";

let context;
let page;
const stamp = Date.now().toString(36);

signedInPage(null, (opened) => ({ context, page } = opened));

afterEach(async (t) => {
  if (process.env.ZHITU_DEBUG_SHOTS) await page.screenshot({ path: `/tmp/portal-checks-${t.name.slice(0, 24).replace(/\W+/g, "_")}.png` }).catch(() => undefined);
});

const rows = () => page.getByTestId("manage-row");

async function setLocale(locale) {
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: BASE_URL }]);
  await page.evaluate((value) => window.localStorage.setItem("zhitu.locale", value), locale).catch(() => undefined);
}

async function openManager(pathname, resource) {
  await page.goto(`${BASE_URL}${pathname}`);
  await page.getByTestId(`manager-${resource}`).waitFor();
  await rows().first().or(page.getByTestId("manage-empty")).first().waitFor();
}

/** Searches a manager page by keyword and waits for the one row holding `text`. */
async function findRow(text, keyword) {
  await page.getByTestId("manage-search").fill(keyword);
  await page.getByTestId("manage-search-submit").click();
  const row = rows().filter({ hasText: text.slice(0, 12) });
  // The first page may already hold the row: wait for the search's answer, every row holding the text.
  await page.waitForFunction((part) => {
    const shown = [...document.querySelectorAll("[data-testid=manage-row]")];
    return shown.length > 0 && shown.every((shownRow) => shownRow.textContent.includes(part));
  }, text.slice(0, 12));
  return row.first();
}

/**
 * For every row on the page: its action buttons, each with whether it lies wholly inside the table's
 * scroll area and the viewport, and whether it is the element found at its own centre (not covered).
 */
function actionPlacement() {
  return page.evaluate(() =>
    [...document.querySelectorAll("[data-testid=manage-row]")].map((row) => {
      row.scrollIntoView({ block: "center" });
      const scroller = row.closest(".overflow-x-auto") ?? row.closest("table").parentElement;
      const area = scroller.getBoundingClientRect();
      const buttons = [...row.querySelectorAll("[data-testid=row-actions] button")].map((button) => {
        const box = button.getBoundingClientRect();
        const inside = box.width > 0 && box.left >= area.left - 0.5 && box.right <= area.right + 0.5 && box.left >= 0 && box.right <= window.innerWidth;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return { testId: button.dataset.testid, inside, onTop: Boolean(hit && button.contains(hit)) };
      });
      return { text: row.textContent.slice(0, 40), buttons };
    }),
  );
}

/** The cell of a row holding `full`, cut (its text wider than its box) with the whole text as its tooltip. */
async function assertCutWithTooltip(row, full) {
  const cell = row.locator("td").filter({ hasText: full.slice(0, 12) }).first();
  assert.equal(await cell.getAttribute("title"), full, "the tooltip holds the whole text");
  const cut = await cell.evaluate((td) => td.scrollWidth > td.clientWidth && getComputedStyle(td).textOverflow === "ellipsis");
  assert.ok(cut, "the long cell is cut with an ellipsis");
}

test("relation types and users at 1366 px: long cells are cut with the whole text as tooltip, and every row's actions stay inside the table's visible area", async () => {
  await setLocale("zh-CN");
  const token = await apiLogin("super");
  const longName = `超长关系名称${stamp}用于检查截断与提示`.padEnd(100, "长");
  const relation = await api(token, "POST", "/api/relation", { code: `long_${stamp}`, name: longName, color: "#336699", directed: true, effectScope: [] });
  assert.equal(relation.code, 0, relation.message);
  const longPerson = `超长姓名${stamp}`.padEnd(100, "名");
  const unitId = (await api(token, "GET", "/api/unit/list?page=1&pageSize=1")).result.items[0].id;
  const user = await api(token, "POST", "/api/user", { userName: `long${stamp}`, name: longPerson, password: "Secret@123", role: "30", unitId });
  assert.equal(user.code, 0, user.message);

  await page.setViewportSize({ width: 1366, height: 820 });
  await signInAs(page, "super");
  // Users are disabled, never deleted: their rows offer no delete.
  for (const [pathname, resource, full, keyword, required] of [
    ["/relation/index", "relations", longName, `超长关系名称${stamp}`, ["row-edit", "row-delete"]],
    ["/userManage/index", "users", longPerson, `long${stamp}`, ["row-toggle", "row-password", "row-edit"]],
  ]) {
    await openManager(pathname, resource);
    // Every row of the first page, as the table first shows it.
    const placement = await actionPlacement();
    assert.ok(placement.length > 1, `${resource}: rows listed`);
    for (const row of placement) {
      assert.ok(row.buttons.some((b) => b.testId === "row-edit"), `${resource} row "${row.text}" offers edit`);
      for (const button of row.buttons) assert.ok(button.inside && button.onTop, `${resource} row "${row.text}": ${button.testId} is clipped or covered`);
    }
    // The long row: its every action offered and in view, the long cell cut with its tooltip.
    const row = await findRow(full, keyword);
    await assertCutWithTooltip(row, full);
    const [longRow] = await actionPlacement();
    const offered = longRow.buttons.map((b) => b.testId);
    for (const testId of required) assert.ok(offered.includes(testId), `${resource}: the long row offers ${offered}, not ${testId}`);
    for (const button of longRow.buttons) assert.ok(button.inside && button.onTop, `${resource} long row: ${button.testId} is clipped or covered`);
  }
});

/** Opens a graph's row menu in the graph list (searched by name) and answers the menu. */
async function openRowMenu(graphName) {
  await page.goto(`${BASE_URL}/knowledgeGraph/index`);
  const search = page.getByTestId("graph-list").locator("input").first();
  await search.fill(graphName);
  await search.press("Enter");
  const row = page.getByTestId("graph-row").filter({ hasText: graphName }).first();
  await row.waitFor();
  await row.getByTestId("row-menu").click();
  return page.getByRole("menu");
}

test("library entries of both graph menus follow the graph's state: 发布 and 申请入库 before, only the withdrawal after", async () => {
  await setLocale("zh-CN");
  const teacher = await apiLogin("teacher");
  const superToken = await apiLogin("super");
  const list = await api(teacher, "GET", "/api/graphList/list?page=1&pageSize=100");
  let graph;
  for (const item of list.result.items.filter((g) => g.isEdit === 1 && g.releaseState !== 1)) {
    const records = (await api(superToken, "GET", `/api/common/graph/getGraphPublicRecord/${item.id}`)).result ?? [];
    const last = records.length ? records[records.length - 1].publicState : null;
    if (last !== 0 && last !== 4) {
      graph = item;
      break;
    }
  }
  assert.ok(graph, "an editable graph, not released and not in the library");
  await signInAs(page, "teacher");

  // The graph list row: 发布 (the project's release) and 申请入库 (the library), no withdrawal.
  let menu = await openRowMenu(graph.name);
  await menu.getByTestId("library-publish").waitFor();
  assert.equal((await menu.getByTestId("row-publish").textContent()).trim(), "发布");
  assert.equal((await menu.getByTestId("library-publish").textContent()).trim(), "申请入库");
  assert.equal(await menu.getByTestId("library-withdraw").count(), 0);
  // 申请入库 asks first, with a description field; cancelled, nothing is offered.
  await menu.getByTestId("library-publish").click();
  const dialog = page.getByTestId("library-offer-dialog");
  await dialog.getByTestId("library-summary").waitFor();
  const before = (await api(superToken, "GET", `/api/common/graph/getGraphPublicRecord/${graph.id}`)).result.length;
  await dialog.getByRole("button", { name: "取消" }).click();
  await dialog.waitFor({ state: "detached" });
  assert.equal((await api(superToken, "GET", `/api/common/graph/getGraphPublicRecord/${graph.id}`)).result.length, before);
  await page.getByTestId("graph-row").filter({ hasText: graph.name }).first().getByTestId("row-menu").click();
  await page.getByRole("menu").getByTestId("library-publish").click();
  await dialog.getByTestId("library-summary").fill(`课程知识点总览 ${stamp}`);
  // The list reloads at once after the offer, so the row's columns show the new state without a reload.
  const listReloaded = page.waitForResponse((response) => response.url().includes("/api/graphList/list") && response.ok(), { timeout: 10_000 });
  await dialog.getByTestId("library-offer-confirm").click();
  await dialog.waitFor({ state: "detached" });
  const reloadedRow = (await (await listReloaded).json()).result.items.find((item) => item.id === graph.id);
  assert.ok(reloadedRow, "the reloaded list holds the offered graph's row");
  const records = (await api(superToken, "GET", `/api/common/graph/getGraphPublicRecord/${graph.id}`)).result;
  assert.equal(records[records.length - 1].publicState, 0);
  const entries = (await api(superToken, "GET", `/api/common/graph/listManageGraph?page=1&pageSize=50&name=${encodeURIComponent(graph.name)}`)).result.items;
  assert.equal(entries.find((entry) => entry.graphId === graph.id)?.summary, `课程知识点总览 ${stamp}`);

  // After applying: only the withdrawal, in the row menu (after a reload too) and in the workspace's graph menu.
  await page.getByTestId("graph-row").filter({ hasText: graph.name }).first().getByTestId("row-menu").click();
  menu = page.getByRole("menu");
  await menu.getByTestId("library-withdraw").waitFor();
  assert.equal(await menu.getByTestId("library-publish").count(), 0);
  await page.keyboard.press("Escape");
  menu = await openRowMenu(graph.name);
  await menu.getByTestId("library-withdraw").waitFor();
  assert.equal(await menu.getByTestId("library-publish").count(), 0);
  await page.keyboard.press("Escape");

  await page.goto(`${BASE_URL}/knowledgeGraph/knowledgeTree/${graph.id}`);
  await page.getByTestId("graph-menu").click();
  menu = page.getByRole("menu");
  await menu.getByTestId("library-withdraw").waitFor();
  assert.equal(await menu.getByTestId("library-publish").count(), 0);
  assert.equal((await menu.getByTestId("publish").textContent()).trim(), "发布");
  // Withdrawn from the workspace: 申请入库 comes back, the withdrawal goes.
  await menu.getByTestId("library-withdraw").click();
  await page.getByTestId("confirm-yes").click();
  await page.getByTestId("confirm").waitFor({ state: "detached" });
  await page.getByTestId("graph-menu").click();
  menu = page.getByRole("menu");
  await menu.getByTestId("library-publish").waitFor();
  assert.equal(await menu.getByTestId("library-withdraw").count(), 0);
  await page.keyboard.press("Escape");
});

test("help: a fresh demo lists its documents and videos; a document shows its text, a video loads, in zh-CN and en", async () => {
  for (const [locale, heading] of [["zh-CN", /帮助|文档/], ["en", /Help|doc/i]]) {
    await setLocale(locale);
    await page.goto(`${BASE_URL}/help_doc`);
    await page.waitForFunction((wanted) => document.documentElement.lang === wanted, locale);
    assert.match(await page.locator("h1").first().textContent(), heading);
    await page.getByTestId("help-item").first().waitFor();
    const titles = await page.getByTestId("help-item").allTextContents();
    assert.ok(titles.length >= 3, `${locale}: ${titles.length} documents listed`);
    assert.ok(titles.some((title) => title.includes("快速入门")), `${locale}: the getting-started document is listed`);
    await page.getByTestId("help-item").nth(1).click();
    const content = page.getByTestId("help-content");
    await content.locator("h2").filter({ hasText: titles[1].trim() }).waitFor();
    const text = (await content.textContent()).trim();
    assert.ok(text.length > titles[1].length + 80, `${locale}: the document shows its text (${text.length} characters)`);

    await page.goto(`${BASE_URL}/help_v`);
    await page.getByTestId("help-item").first().waitFor();
    assert.ok((await page.getByTestId("help-item").count()) >= 2, `${locale}: videos listed`);
    for (const index of [0, 1]) {
      await page.getByTestId("help-item").nth(index).click();
      const video = page.getByTestId("help-content").locator("video");
      await video.waitFor();
      await page.waitForFunction(() => {
        const element = document.querySelector("[data-testid=help-content] video");
        return element && (element.readyState >= 1 || element.duration > 0);
      }, null, { timeout: 20_000 });
      const state = await video.evaluate((element) => ({ ready: element.readyState, duration: element.duration, error: element.error?.code ?? null }));
      assert.equal(state.error, null, `${locale}: video ${index} plays without error`);
    }
  }
  await setLocale("zh-CN");
});

test("a member added through the project row's members action shows in its count at once; removed, the count goes back", async () => {
  await setLocale("zh-CN");
  const token = await apiLogin("super");
  const users = (await api(token, "GET", "/api/user/list?page=1&pageSize=100")).result.items;
  const tester = users.find((user) => user.userName === "tester");
  await signInAs(page, "admin");
  await openManager("/projectManage/index", "projects");
  // The member column found by its heading, not by position.
  const headings = await page.getByTestId("manager-projects").locator("thead th").allTextContents();
  const column = headings.findIndex((heading) => heading.trim() === "成员");
  assert.ok(column >= 0, `a 成员 column among ${headings}`);
  const row = rows().first();
  const name = (await row.locator("td").first().textContent()).trim();
  const members = rows().filter({ hasText: name }).first().locator("td").nth(column);
  const before = Number((await members.textContent()).trim());
  await row.getByTestId("row-members").click();
  const dialog = page.getByTestId("members-dialog");
  await dialog.waitFor();
  const present = await dialog.getByTestId("member-row").filter({ hasText: "tester" }).count();
  assert.equal(present, 0, "tester is not yet a member of the first project");
  await dialog.locator("select").first().selectOption(String(tester.id));
  await dialog.getByTestId("member-add").click();
  await dialog.getByTestId("member-row").filter({ hasText: "tester" }).waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await members.filter({ hasText: new RegExp(`^\\s*${before + 1}\\s*$`) }).waitFor({ timeout: 5000 });
  await row.getByTestId("row-members").click();
  await dialog.getByTestId("member-row").filter({ hasText: "tester" }).getByTestId("member-remove").click();
  await dialog.getByTestId("member-row").filter({ hasText: "tester" }).waitFor({ state: "detached" });
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await members.filter({ hasText: new RegExp(`^\\s*${before}\\s*$`) }).waitFor({ timeout: 5000 });
});

test("a unit admin's statistics equal the API's counts over the unit: users, graphs, projects", async () => {
  await setLocale("zh-CN");
  // Taken with the admin's own token before the browser signs in (a later API sign-in would sign the browser out).
  const admin = await apiLogin("admin");
  const usersTotal = (await api(admin, "GET", "/api/user/list?page=1&pageSize=1")).result.total;
  const graphsTotal = (await api(admin, "POST", "/api/manage/getGraphList", { page: 1, pageSize: 1 })).result.total;
  const projectsTotal = (await api(admin, "GET", "/api/project/search?page=1&pageSize=1")).result.total;
  const everything = (await api(await apiLogin("super"), "POST", "/api/manage/getGraphList", { page: 1, pageSize: 1 })).result.total;
  assert.ok(graphsTotal < everything || everything > 0, "the unit's graphs are counted");
  await signInAs(page, "admin");
  await page.goto(`${BASE_URL}/statistics`);
  const figure = async (name) => {
    const box = page.locator(`[data-figure=figure-${name}]`);
    await box.waitFor();
    return Number((await box.locator("div").nth(1).textContent()).trim());
  };
  assert.equal(await figure("users"), usersTotal, "users");
  assert.equal(await figure("graphs"), graphsTotal, "graphs");
  assert.equal(await figure("projects"), projectsTotal, "projects");
  assert.match(await page.getByTestId("statistics-scope").textContent(), /单位/);
});

test("a graph one may only read offers neither 发布 nor 申请入库 in its row menu", async () => {
  await setLocale("zh-CN");
  const list = await api(await apiLogin("tester"), "GET", "/api/graphList/list?page=1&pageSize=100");
  const readOnly = list.result.items.find((item) => item.isEdit !== 1);
  assert.ok(readOnly, "the demo's tester reads a graph it may not edit");
  await signInAs(page, "tester");
  const menu = await openRowMenu(readOnly.name);
  await menu.getByTestId("row-copy").waitFor();
  await page.waitForLoadState("networkidle");
  for (const testId of ["row-publish", "row-unpublish", "library-publish", "library-withdraw"]) {
    assert.equal(await menu.getByTestId(testId).count(), 0, `${testId} offered on a read-only graph`);
  }
  await page.keyboard.press("Escape");
});
