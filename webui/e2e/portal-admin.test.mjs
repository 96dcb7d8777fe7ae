// Issue 19: the portal, the library and the back office at the standard of the admin templates.
// A visitor at / sees the home page and the library; a form's invalid fields all show at once, in
// both languages; every row action offered to a role succeeds; counts refresh at once; statistics
// equal the API's counts; the relation-type table keeps its actions in view at 1366 px; offering a
// graph to the library asks first.
import assert from "node:assert/strict";
import { after, afterEach, before, test } from "node:test";
import { BASE_URL, PASSWORD, launch } from "./browser.mjs";
import { api, apiLogin, signInAs } from "./issue9-helpers.mjs";

let context;
let page;
const stamp = Date.now().toString(36);
/** Every API answer that refused something (HTTP error or envelope code ≠ 0), while watched. */
let refusals = [];
let watching = false;

before(async () => {
  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
  page.on("response", async (response) => {
    if (!watching || !response.url().includes("/basic-api/")) return;
    const body = await response.json().catch(() => null);
    if (response.status() >= 400 || (body && typeof body.code === "number" && body.code !== 0)) {
      refusals.push(`${response.request().method()} ${response.url()} → ${response.status()} ${body?.message ?? ""}`);
    }
  });
});

after(async () => {
  await context?.close();
});

afterEach(async (t) => {
  if (process.env.ZHITU_DEBUG_SHOTS) await page.screenshot({ path: `/tmp/p19-${t.name.slice(0, 20).replace(/\W+/g, "_")}.png` }).catch(() => undefined);
});

const rows = () => page.getByTestId("manage-row");

async function openManager(pathname, resource) {
  await page.goto(`${BASE_URL}${pathname}`);
  await page.getByTestId(`manager-${resource}`).waitFor();
  await rows().first().or(page.getByTestId("manage-empty")).first().waitFor();
}

async function setLocale(locale) {
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: BASE_URL }]);
  await page.evaluate((value) => window.localStorage.setItem("zhitu.locale", value), locale).catch(() => undefined);
}

test("a visitor at / sees the home page and the public library, and stays there", async () => {
  await page.goto(`${BASE_URL}/login`);
  await page.evaluate(() => (window.localStorage.clear(), window.sessionStorage.clear()));
  await context.clearCookies();
  await setLocale("zh-CN");
  const ssoCheck = page.waitForResponse((response) => response.url().includes("/authorize/redirect"));
  await page.goto(`${BASE_URL}/`);
  await page.getByTestId("home").waitFor();
  await page.getByTestId("home-library").getByTestId("library-list").waitFor();
  await ssoCheck; // the silent SSO check has answered: a visitor is not sent to sign in
  await page.waitForTimeout(300);
  assert.equal(new URL(page.url()).pathname, "/");
  await page.getByTestId("site-header").getByRole("link", { name: "公共图谱库" }).click();
  await page.waitForURL("**/graphCommonMore");
  await page.getByTestId("library-list").waitFor();
});

test("a user form with three invalid fields shows three messages at once, in Chinese and in English; the server's own go under their fields", async () => {
  await signInAs(page, "admin");
  for (const [locale, expected] of [
    ["zh-CN", { password: "至少 6 个字符", tel: "手机号格式不正确", email: "邮箱格式不正确", taken: "用户名 admin 已被使用" }],
    ["en", { password: "At least 6 characters", tel: "Phone is not valid", email: "Email is not valid", taken: "User name admin is already taken" }],
  ]) {
    await setLocale(locale);
    await openManager("/userManage/index", "users");
    await page.getByTestId("manage-create").click();
    await page.fill("#field-userName", `three${stamp}`);
    await page.fill("#field-name", "三处错误");
    await page.fill("#field-password", "1");
    await page.fill("#field-tel", "abc");
    await page.fill("#field-email", "nope");
    await page.getByTestId("form-submit").click();
    for (const field of ["password", "tel", "email"]) {
      assert.equal((await page.getByTestId(`error-${field}`).textContent()).trim(), expected[field], `${locale} ${field}`);
    }
    assert.equal(await page.locator("[data-testid^=error-]").count(), 3);
    // What only the server knows (a taken name) comes back as a field message too, not a toast.
    await page.fill("#field-userName", "admin");
    await page.fill("#field-password", "Secret@123");
    await page.fill("#field-tel", "");
    await page.fill("#field-email", "");
    await page.getByTestId("form-submit").click();
    await page.getByTestId("error-userName").filter({ hasText: expected.taken }).waitFor();
    await page.keyboard.press("Escape");
    // The API answers all three at once in the caller's language.
    const response = await fetch(`${BASE_URL}/basic-api/api/user`, {
      method: "POST",
      // The super admin's token: signing the admin in through the API would sign the browser out.
      headers: { Authorization: `Bearer ${await apiLogin("super")}`, "Content-Type": "application/json", "Accept-Language": locale },
      body: JSON.stringify({ userName: `api${stamp}`, password: "1", role: "30", tel: "abc", email: "nope" }),
    });
    const answer = await response.json();
    assert.deepEqual(Object.keys(answer.errors).sort(), ["email", "password", "tel"]);
  }
  await setLocale("zh-CN");
});

/** Takes every action a manager page offers on every row; none may be refused by the server. */
async function takeEveryRowAction(role, pathname, resource) {
  await openManager(pathname, resource);
  const count = await rows().count();
  for (let index = 0; index < count; index += 1) {
    const row = rows().nth(index);
    const text = (await row.textContent()) ?? "";
    if (await row.getByTestId("row-toggle").count()) {
      const toggle = row.getByTestId("row-toggle");
      const label = ((await toggle.textContent()) ?? "").trim();
      await toggle.click();
      await toggle.filter({ hasNotText: label }).waitFor(); // the list has reloaded with the new state
      await toggle.click(); // and back, so the next role still signs in
      await toggle.filter({ hasText: label }).waitFor();
    }
    // Resetting one's own password signs one out: taken on the others' rows.
    if ((await row.getByTestId("row-password").count()) && !text.includes(role)) {
      await row.getByTestId("row-password").click();
      await page.fill("#field-password", PASSWORD);
      await page.getByTestId("form-submit").click();
      await page.getByTestId("form-dialog").waitFor({ state: "detached" });
    }
    if (await row.getByTestId("row-edit").count()) {
      await row.getByTestId("row-edit").click();
      await page.getByTestId("form-submit").click();
      await page.getByTestId("form-dialog").waitFor({ state: "detached" });
    }
    if (await row.getByTestId("row-members").count()) {
      await row.getByTestId("row-members").click();
      await page.getByTestId("members-dialog").waitFor();
      await page.getByTestId("member-row").first().or(page.getByTestId("members-empty")).first().waitFor();
      await page.keyboard.press("Escape");
      await page.getByTestId("members-dialog").waitFor({ state: "detached" });
    }
    if (await row.getByTestId("row-delete").count()) {
      await row.getByTestId("row-delete").click();
      await page.getByTestId("confirm-yes").click();
      await page.getByTestId("confirm").waitFor({ state: "detached" });
      await page.waitForLoadState("networkidle");
      return takeEveryRowAction(role, pathname, resource); // the rows moved up
    }
  }
}

test("for each role, every row action offered on users, units and projects succeeds", async () => {
  await setLocale("zh-CN");
  const unitId = (await api(await apiLogin("admin"), "GET", "/api/unit/list?page=1&pageSize=1")).result.items[0].id;
  for (const role of ["super", "admin", "teacher"]) {
    // Something each may delete: an empty unit (super admins) and a project without graphs in the demo's unit.
    const superToken = await apiLogin("super");
    await api(superToken, "POST", "/api/unit", { name: `空单位${role}${stamp}` });
    await api(superToken, "POST", "/api/project", { name: `空项目${role}${stamp}`, unitId });
    await signInAs(page, role);
    refusals = [];
    watching = true;
    await takeEveryRowAction(role, "/userManage/index", "users");
    await takeEveryRowAction(role, "/unitManager/index", "units");
    await takeEveryRowAction(role, "/projectManage/index", "projects");
    watching = false;
    assert.deepEqual(refusals, [], `${role} was offered an action the server refused`);
  }
  // The super admin's row offers an admin nothing (the server refuses every change to it).
  await signInAs(page, "admin");
  await openManager("/userManage/index", "users");
  const superRow = rows().filter({ hasText: "super" }).first();
  assert.equal(await superRow.getByTestId("row-actions").getByRole("button").count(), 0);
});

test("a member added shows in the project's member count at once", async () => {
  const users = await api(await apiLogin("admin"), "GET", "/api/user/list?page=1&pageSize=100");
  const tester = users.result.items.find((user) => user.userName === "tester");
  await signInAs(page, "admin");
  await openManager("/projectManage/index", "projects");
  const row = rows().filter({ hasText: "软件工程课程图谱试用" });
  const members = row.locator("td").nth(5);
  const before = Number((await members.textContent()).trim());
  await row.getByTestId("row-members").click();
  const dialog = page.getByTestId("members-dialog");
  await dialog.locator("select").first().selectOption(String(tester.id));
  await dialog.getByTestId("member-add").click();
  await dialog.getByTestId("member-row").filter({ hasText: "tester" }).waitFor();
  await page.keyboard.press("Escape");
  await members.filter({ hasText: String(before + 1) }).waitFor();
  // And taken out again: the count follows.
  await row.getByTestId("row-members").click();
  await dialog.getByTestId("member-row").filter({ hasText: "tester" }).getByTestId("member-remove").click();
  await page.waitForLoadState("networkidle");
  await page.keyboard.press("Escape");
  await members.filter({ hasText: String(before) }).waitFor();
});

test("statistics equal the counts the API gives, graphs outside projects included, and say what they count", async () => {
  await setLocale("zh-CN");
  const token = await apiLogin("super");
  const graphs = await api(token, "POST", "/api/manage/getGraphList", { page: 1, pageSize: 1 });
  const projects = await api(token, "GET", "/api/project/search?page=1&pageSize=1");
  const units = await api(token, "GET", "/api/unit/list?page=1&pageSize=1");
  await signInAs(page, "super");
  await page.goto(`${BASE_URL}/statistics`);
  const figure = (name) => page.locator(`[data-figure=figure-${name}]`);
  await figure("graphs").waitFor();
  assert.equal(Number((await figure("graphs").locator("div").nth(1).textContent()).trim()), graphs.result.total);
  assert.equal(Number((await figure("projects").locator("div").nth(1).textContent()).trim()), projects.result.total);
  assert.equal(Number((await figure("units").locator("div").nth(1).textContent()).trim()), units.result.total);
  assert.match(await page.getByTestId("statistics-scope").textContent(), /全平台.*不属于任何项目/);
});

test("the relation-type table keeps its actions in view at 1366 px, and its scopes read as names", async () => {
  await page.setViewportSize({ width: 1366, height: 820 });
  await signInAs(page, "super");
  await openManager("/relation/index", "relations");
  const count = Math.min(await rows().count(), 5);
  for (let index = 0; index < count; index += 1) {
    const edit = rows().nth(index).getByTestId("row-edit");
    const box = await edit.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 1366, `row ${index}'s edit button is out of view`);
  }
  const text = await page.getByTestId("manager-relations").locator("tbody").textContent();
  assert.doesNotMatch(text, /[A-Za-z]+→[A-Za-z]+/);
});

test("offering a graph to the library asks first, with a description; the menu then offers only the withdrawal", async () => {
  const list = await api(await apiLogin("teacher"), "GET", "/api/graphList/list?page=1&pageSize=50");
  const graph = list.result.items.find((item) => item.isEdit === 1);
  await signInAs(page, "teacher");
  // The records are read as the super admin: an API sign-in as the teacher would sign the browser out.
  const token = await apiLogin("super");
  await page.goto(`${BASE_URL}/knowledgeGraph/knowledgeTree/${graph.id}`);
  await page.getByTestId("graph-menu").click();
  await page.getByTestId("library-publish").click();
  const dialog = page.getByTestId("library-offer-dialog");
  await dialog.waitFor();
  const before = (await api(token, "GET", `/api/common/graph/getGraphPublicRecord/${graph.id}`)).result.length;
  await dialog.getByRole("button", { name: "取消" }).click();
  await dialog.waitFor({ state: "detached" });
  // Cancelled: nothing was offered.
  assert.equal((await api(token, "GET", `/api/common/graph/getGraphPublicRecord/${graph.id}`)).result.length, before);
  await page.getByTestId("graph-menu").click();
  await page.getByTestId("library-publish").click();
  await page.getByTestId("library-summary").fill(`课程知识点总览 ${stamp}`);
  await page.getByTestId("library-offer-confirm").click();
  await dialog.waitFor({ state: "detached" });
  const records = (await api(token, "GET", `/api/common/graph/getGraphPublicRecord/${graph.id}`)).result;
  assert.equal(records.length, before + 1);
  await page.getByTestId("graph-menu").click();
  await page.getByTestId("library-withdraw").waitFor();
  assert.equal(await page.getByTestId("library-publish").count(), 0);
  await page.getByTestId("library-withdraw").click();
  await page.getByTestId("confirm-yes").click();
  await page.getByTestId("confirm").waitFor({ state: "detached" });
});
