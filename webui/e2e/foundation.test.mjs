// Against the real running platform (ZHITU_URL): sign in, graph list, languages, themes, menu search, sign out.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { BASE_URL, SCREENSHOTS, signedInPage, signIn } from "./browser.mjs";

let page;

signedInPage(null, (opened) => ({ page } = opened));

test("an unknown user gets the server's message and stays on the login page", async () => {
  await page.goto(`${BASE_URL}/login`);
  await page.fill("#userName", "nobody");
  await page.fill("#password", "wrong-password");
  await page.click("button[type=submit]");
  const error = page.getByTestId("login-error");
  await error.waitFor();
  assert.equal(await error.textContent(), "用户名或密码错误");
  assert.ok(page.url().endsWith("/login"));
});

test("a signed-out visitor is sent to sign in, then back where they were going", async () => {
  await page.goto(`${BASE_URL}/knowledgeGraph/index`);
  await page.waitForURL("**/login?redirect=*");
  await page.fill("#userName", "teacher");
  await page.fill("#password", "Zhitu@2026");
  await page.click("button[type=submit]");
  await page.waitForURL("**/knowledgeGraph/index");
});

test("the teacher sees the graph list with the example graphs", async () => {
  await signIn(page, "teacher");
  await page.getByTestId("graph-row").first().waitFor();
  const rows = await page.getByTestId("graph-row").count();
  assert.ok(rows >= 8, `expected the 8 example graphs, saw ${rows}`);
  assert.match(await page.getByTestId("graph-list").textContent(), /数据结构/);
  assert.match(await page.getByTestId("pager").textContent(), /共 8 条/);
  await page.screenshot({ path: path.join(SCREENSHOTS, "graph-list-zh-light.png") });
});

test("filtering by release state narrows the list", async () => {
  await page.getByLabel("发布状态").selectOption("1");
  await page.waitForFunction(() => document.querySelector("[data-testid=pager]")?.textContent?.includes("共 2 条"));
  await page.getByRole("button", { name: "重置" }).click();
  await page.waitForFunction(() => document.querySelector("[data-testid=pager]")?.textContent?.includes("共 8 条"));
});

test("switching to English shows English labels and is remembered", async () => {
  await page.getByTestId("language-picker").last().selectOption("en");
  await page.getByText("Graph list", { exact: true }).first().waitFor();
  assert.match(await page.getByTestId("pager").textContent(), /8 in total/);
  await page.reload();
  await page.getByText("Graph list", { exact: true }).first().waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, "graph-list-en-light.png") });
});

test("dark mode darkens the header and sidebar and survives a reload", async () => {
  await page.getByTestId("theme-toggle").click();
  await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
  assert.equal(await page.getByTestId("header").getAttribute("data-theme"), "dark");
  assert.equal(await page.getByTestId("sidebar").getAttribute("data-theme"), "dark");
  await page.reload();
  await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
  await page.getByTestId("graph-row").first().waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, "graph-list-en-dark.png") });
  await page.getByTestId("language-picker").last().selectOption("zh-CN");
  await page.getByText("图谱列表", { exact: true }).first().waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, "graph-list-zh-dark.png") });
  await page.getByTestId("theme-toggle").click();
  await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
});

test("the menu search finds items by ordered characters and opens them with Enter", async () => {
  await page.keyboard.press("Control+k");
  const dialog = page.getByTestId("menu-search");
  await dialog.waitFor();
  await dialog.getByRole("textbox").fill("图列");
  await dialog.getByRole("option").first().waitFor();
  assert.equal(await dialog.getByRole("option").first().textContent(), "知识图谱 > 图谱列表");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await dialog.waitFor({ state: "detached" });
  assert.ok(page.url().endsWith("/knowledgeGraph/index"));
  await page.getByTestId("open-search").click();
  await dialog.getByRole("textbox").fill("zzz");
  await dialog.getByText("暂无搜索结果").waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
});

test("a narrow window gets the mobile menu", async () => {
  await page.setViewportSize({ width: 800, height: 800 });
  await page.getByRole("button", { name: "打开菜单" }).click();
  await page.getByTestId("mobile-menu").waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, "mobile-menu.png") });
  await page.setViewportSize({ width: 1366, height: 820 });
  await page.getByTestId("mobile-menu").waitFor({ state: "detached" });
});

test("an unknown page shows the not-found page", async () => {
  await page.goto(`${BASE_URL}/no/such/page`);
  await page.getByTestId("not-found").waitFor();
});

test("signing out returns to the login page and ends the session", async () => {
  await page.goto(`${BASE_URL}/knowledgeGraph/index`);
  await page.getByTestId("sign-out").click();
  await page.waitForURL("**/login");
  await page.goto(`${BASE_URL}/knowledgeGraph/index`);
  await page.waitForURL("**/login?redirect=*");
});

test("a newer sign-in elsewhere shows the duplicate-login notice", async () => {
  await signIn(page, "tester");
  const response = await fetch(`${BASE_URL}/basic-api/api/Authorize/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userName: "tester", password: "Zhitu@2026" }),
  });
  assert.equal((await response.json()).code, 0);
  await page.getByLabel("发布状态").selectOption("1");
  const modal = page.getByTestId("modal");
  await modal.waitFor();
  assert.match(await modal.textContent(), /其他电脑上登录/);
  await modal.getByRole("button", { name: "确定" }).click();
  await page.waitForURL("**/login*");
});
