// Issue 9, portal and sign-in ways: welcome page and carousel, SSO from the root, SMS-code login,
// help pages, trial form, error log, redirect, not-found; screenshots in both languages and themes.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { BASE_URL, PASSWORD, launch } from "./browser.mjs";
import { PNG, api, apiLogin, shootLooks, signInAs } from "./issue9-helpers.mjs";

let context;
let page;
let superToken;
const stamp = Date.now().toString(36);

before(async () => {
  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
  superToken = await apiLogin("super");
  const form = new FormData();
  form.set("title", `欢迎${stamp}`);
  form.set("link", "/graphCommonMore");
  form.set("sort", "0");
  form.set("file", new Blob([PNG], { type: "image/png" }), "slide.png");
  const added = await (await fetch(`${BASE_URL}/basic-api/api/carousel`, { method: "POST", headers: { Authorization: `Bearer ${superToken}` }, body: form })).json();
  assert.equal(added.code, 0, added.message);
  const doc = await api(superToken, "POST", "/api/doc", { kind: "doc", title: `入门${stamp}`, body: "<p>先创建项目，再新建图谱。</p>", sort: 0 });
  assert.equal(doc.code, 0, doc.message);
});

after(async () => {
  await context?.close();
});

test("the root is the welcome page: a visitor stays there (silent SSO check); signed in at the server, the root signs the browser in", async () => {
  await page.goto(`${BASE_URL}/`);
  await page.getByTestId("home").waitFor();
  await page.getByTestId("site-sign-in").waitFor();
  assert.equal(new URL(page.url()).pathname, "/");
  // Signing in sets the server's session cookie; a fresh browser session at the root is taken in by SSO.
  await page.goto(`${BASE_URL}/login`);
  await page.fill("#userName", "teacher");
  await page.fill("#password", PASSWORD);
  await page.click("button[type=submit]");
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  await page.goto(`${BASE_URL}/`);
  // The authorize-redirect hands back /sso/{ticket}/list; the ticket is traded and "list" opens home.
  await page.waitForURL("**/home");
  await page.getByTestId("enter-workspace").waitFor();
});

test("SSO detail mode: the ticket carries the graph and /sso opens it by its template kind; an unreadable graph is refused", async () => {
  const token = await apiLogin("teacher");
  const list = await api(token, "GET", "/api/graphList/list?page=1&pageSize=100");
  // Signing in ends the account's other sessions: sign the browser in last (the authorize-redirect reads its cookie).
  await signInAs(page, "teacher");
  const course = list.result.items.find((g) => g.templateKind === "course" || g.templateKind === "courseAbility");
  const teaching = list.result.items.find((g) => g.templateKind === "teaching");
  for (const [graph, expected] of [
    [teaching, `/knowledgeGraph/knowledgeTree/${teaching?.id}`],
    [course, `/course_graph/${course?.id}`],
  ]) {
    if (!graph) continue;
    await page.goto(`${BASE_URL}/sso?mode=detail&graphId=${graph.id}`);
    // Several hops (the server's redirect, the trade, a client-side replace): poll the address.
    for (let tries = 0; tries < 100 && new URL(page.url()).pathname !== expected; tries += 1) await page.waitForTimeout(200);
    assert.equal(new URL(page.url()).pathname, expected);
  }
  assert.ok(teaching, "the demo teacher has a teaching graph");
  // A graph the teacher may not read (made by the super admin in a project of their own) gets no ticket.
  const superList = await api(superToken, "GET", "/api/graphList/list?page=1&pageSize=200");
  const teacherIds = new Set(list.result.items.map((g) => g.id));
  const foreign = superList.result.items.find((g) => !teacherIds.has(g.id) && !g.isPublic);
  if (foreign) {
    const response = await page.goto(`${BASE_URL}/basic-api/api/authorize/redirect?homeUrl=${encodeURIComponent(`${BASE_URL}/sso/`)}&mode=detail&graphId=${foreign.id}`);
    const body = await response.json();
    assert.equal(body.code, 1);
  }
});

test("a used SSO ticket is refused", async () => {
  await page.goto(`${BASE_URL}/sso/not-a-ticket/list`);
  await page.getByTestId("sso-error").waitFor();
  await shootLooks(page, "sso-refused", (p) => p.getByTestId("sso-error").waitFor());
});

test("the welcome page shows the carousel and the help links", async () => {
  await page.goto(`${BASE_URL}/home`);
  await page.getByTestId("carousel-title").filter({ hasText: `欢迎${stamp}` }).waitFor();
  await page.getByTestId("language-picker").last().selectOption("en");
  await page.getByText("Welcome to Zhitu").waitFor();
  await page.getByTestId("language-picker").last().selectOption("zh-CN");
  await page.getByText("欢迎使用知图").waitFor();
  await shootLooks(page, "home");
});

test("help documents are public", async () => {
  await page.evaluate(() => window.localStorage.removeItem("zhitu.session"));
  await page.goto(`${BASE_URL}/help_doc`);
  await page.getByTestId("help-item").filter({ hasText: `入门${stamp}` }).click();
  await page.getByTestId("help-content").getByText("先创建项目").waitFor();
  await shootLooks(page, "help-doc");
  await page.goto(`${BASE_URL}/help_v`);
  await page.getByTestId("help-video").waitFor();
  await shootLooks(page, "help-video");
});

test("a visitor asks for a trial from the welcome page", async () => {
  await page.goto(`${BASE_URL}/home`);
  await page.getByTestId("trial-submit").click();
  await page.getByTestId("trial-form").getByText("必填").first().waitFor();
  const form = page.getByTestId("trial-form");
  await form.getByLabel("姓名").fill(`访客${stamp}`);
  await form.getByLabel("单位").fill("示范学院");
  await form.getByLabel("手机号").fill(`137${String(Date.now()).slice(-8)}`);
  await form.getByLabel("申请理由").fill("课程建设");
  await page.getByTestId("trial-submit").click();
  await page.getByTestId("trial-done").waitFor();
});

test("SMS-code sign-in: the code from the outbox signs the admin in", async () => {
  await page.goto(`${BASE_URL}/login`);
  await page.getByTestId("sign-in-sms").click();
  await page.fill("#tel", "123");
  await page.getByTestId("sms-send").click();
  await page.getByTestId("sms-error").waitFor();
  await shootLooks(page, "sms-login");
  await page.fill("#tel", "13800000001");
  await page.getByTestId("sms-send").click();
  await page.getByTestId("sms-send").filter({ hasText: /\d+/ }).waitFor();
  const outbox = await api(superToken, "GET", "/api/authorize/smsOutbox?tel=13800000001&page=1&pageSize=1");
  const code = /\d{6}/.exec(outbox.result.items[0].text)[0];
  await page.fill("#smsCode", "12");
  await page.getByTestId("sms-submit").click();
  await page.getByTestId("sms-error").waitFor();
  await page.fill("#smsCode", code);
  await page.getByTestId("sms-submit").click();
  await page.waitForURL("**/knowledgeGraph/index");
  assert.equal(await page.getByTestId("user-name").textContent(), "王管理");
});

test("the error log lists failed requests; /redirect and the not-found page", async () => {
  await page.goto(`${BASE_URL}/error-log`);
  await page.waitForURL("**/error-log/list");
  await page.getByTestId("error-row").first().waitFor();
  await shootLooks(page, "error-log", (p) => p.getByTestId("error-row").first().waitFor());
  await page.goto(`${BASE_URL}/redirect/help_v`);
  await page.waitForURL("**/help_v");
  await page.goto(`${BASE_URL}/no/such/page`);
  await page.getByTestId("not-found").waitFor();
  await shootLooks(page, "not-found", (p) => p.getByTestId("not-found").waitFor());
  await page.goto(`${BASE_URL}/exception`);
  await page.getByTestId("exception").waitFor();
  await shootLooks(page, "exception", (p) => p.getByTestId("exception").waitFor());
});
