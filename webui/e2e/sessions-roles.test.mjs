// Issue 9: every route's role rule (signed out → sign-in, forbidden role → /exception, no data shown),
// the duplicate-login notice across two browsers, the session-timeout login with a really expired token,
// the error log of SPEC §8, /redirect/{path}, and every option of the settings drawer (SPEC §3).
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { BASE_URL, PASSWORD, launch } from "./browser.mjs";
import { apiLogin, platformHome, signInAs } from "./issue9-helpers.mjs";

let context;
let page;

before(async () => {
  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
});

after(async () => {
  await context?.close();
});

const BACK_OFFICE = ["/Manager/index", "/projectManage/index", "/userManage/index", "/unitManager/index", "/relationGroup/index", "/relation/index",
  "/rotationManager/index", "/applyfor/index", "/graphManager/index", "/projectStatistics", "/statistics", "/common_graph", "/common_graphs"];
const MANAGERS_ONLY = ["/textSourceBank/index", "/taskManager"];
const SUPER_ONLY = ["/graph_template", "/graph_entitys", "/graph_relations", "/graph_template/index"];
const EVERYONE_SIGNED_IN = ["/common_graph_library", "/excavate/textSource", "/excavate/knowledge_point", "/excavate/belong", "/excavate/definition",
  "/excavate/relation", "/excavate/catalogue", "/excavate/knowledge_point_edit/1", "/excavate/belong_edit/1", "/excavate/definition_task/1",
  "/excavate/relation_task/1", "/excavate/catalogue_edit/1"];

/** Anything a screen of these routes draws from the API: rows, charts, task lists, library cards. */
const DATA = "[data-testid=manage-row], [data-testid^=manager-], [data-testid=figure], [data-testid=bar-chart], [data-testid=donut-chart], [data-testid=platform-statistics], [data-testid=project-statistics], main table";

/** A forbidden role lands on /exception; no data request of the page was answered with data. */
async function assertRefused(pathname) {
  const answered = [];
  // Only requests made once the route's document is in place count: the previous page (the landing
  // page's graph list, fetched late on a busy machine) may still send its own until it is unloaded.
  const sentHere = new Set();
  let arrived = false;
  const navigated = (frame) => { if (frame === page.mainFrame()) arrived = true; };
  const sent = (request) => { if (arrived) sentHere.add(request); };
  const listen = (response) => {
    const url = new URL(response.url());
    if (!sentHere.has(response.request())) return;
    if (url.pathname.startsWith("/basic-api/api/") && !/\/api\/(Authorize|authorize|user\/profile|getPermCode)/.test(url.pathname)) answered.push(url.pathname);
  };
  await page.waitForLoadState("networkidle");
  page.on("framenavigated", navigated);
  page.on("request", sent);
  page.on("response", listen);
  await page.goto(`${BASE_URL}${pathname}`);
  await page.waitForURL("**/exception");
  await page.getByTestId("exception").waitFor();
  page.off("response", listen);
  page.off("request", sent);
  page.off("framenavigated", navigated);
  assert.equal(await page.locator(DATA).count(), 0, `${pathname} showed data`);
  assert.deepEqual(answered, [], `${pathname} asked the API for its data`);
}

test("signed out, every signed-in route sends the visitor to sign in and back to the route afterwards", async () => {
  await page.goto(`${BASE_URL}/login`);
  await page.evaluate(() => window.localStorage.removeItem("zhitu.session"));
  for (const pathname of [...BACK_OFFICE, ...MANAGERS_ONLY, ...SUPER_ONLY, ...EVERYONE_SIGNED_IN]) {
    await page.goto(`${BASE_URL}${pathname}`);
    await page.waitForURL("**/login?redirect=*");
    assert.equal(new URL(page.url()).searchParams.get("redirect"), pathname);
    assert.equal(await page.locator(DATA).count(), 0, `${pathname} showed data signed out`);
  }
  await page.goto(`${BASE_URL}/relationGroup/index`);
  await page.waitForURL("**/login?redirect=*");
  await page.fill("#userName", "admin");
  await page.fill("#password", PASSWORD);
  await page.click("button[type=submit]");
  await page.waitForURL("**/relationGroup/index");
  await page.getByTestId("manager-relation-groups").waitFor();
});

test("a tester is refused every back-office, manager and template route", async () => {
  await signInAs(page, "tester");
  for (const pathname of [...BACK_OFFICE, ...MANAGERS_ONLY, ...SUPER_ONLY]) await assertRefused(pathname);
  // The knowledge process and the public library are the tester's (SPEC §2).
  await page.goto(`${BASE_URL}/excavate/textSource`);
  await page.waitForURL("**/excavate/textSource");
  await page.goto(`${BASE_URL}/common_graph_library`);
  await page.waitForURL("**/common_graph_library");
});

test("an expert is refused the managers' and template routes; an admin the template routes", async () => {
  await signInAs(page, "teacher");
  for (const pathname of [...MANAGERS_ONLY, ...SUPER_ONLY]) await assertRefused(pathname);
  await signInAs(page, "admin");
  for (const pathname of SUPER_ONLY) await assertRefused(pathname);
  await page.goto(`${BASE_URL}/taskManager`);
  await page.getByTestId("manager-graph-tasks").waitFor();
});

test("/graph_template takes the super admin to the graph entities", async () => {
  await signInAs(page, "super");
  await page.goto(`${BASE_URL}/graph_template`);
  await page.waitForURL("**/graph_entitys");
});

test("duplicate login: the first browser is told the account signed in elsewhere, then signed out", async () => {
  await signInAs(page, "teacher");
  await page.goto(`${BASE_URL}/userManage/index`);
  await page.getByTestId("manage-row").first().waitFor();
  const other = await launch();
  try {
    const otherPage = other.pages()[0] ?? (await other.newPage());
    await signInAs(otherPage, "teacher");
    // The first browser's next request meets the replaced session.
    await page.reload();
    const notice = page.getByTestId("modal");
    await notice.getByText("此账号已在其他电脑上登录").waitFor();
    await notice.getByRole("button", { name: "确定" }).click();
    await page.waitForURL("**/login?redirect=*");
    assert.equal(await page.evaluate(() => window.localStorage.getItem("zhitu.session")), null);
    // The second browser keeps working.
    await otherPage.goto(`${BASE_URL}/userManage/index`);
    await otherPage.getByTestId("manage-row").first().waitFor();
  } finally {
    await other.close();
  }
});

/** An HS256 token like the server's, already expired (the platform's own key, the session version of a fresh login). */
function expiredToken(fresh, kind) {
  const home = platformHome();
  assert.ok(home, "ZHITU_HOME is needed to sign an expired token");
  const secret = readFileSync(path.join(home, "secret.key"), "utf8").trim();
  const claims = JSON.parse(Buffer.from(fresh.split(".")[1], "base64url").toString());
  const now = Math.floor(Date.now() / 1000);
  const encode = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const body = `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ ...claims, typ: kind, iat: now - 7200, exp: now - 60 })}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

test("session timeout: an expired token sends the user to the timeout login, which returns to the page", async () => {
  await signInAs(page, "admin");
  await page.goto(`${BASE_URL}/projectManage/index`);
  await page.getByTestId("manage-row").first().waitFor();
  // The server finds the access token expired (the browser still believes it valid).
  const stored = JSON.parse(await page.evaluate(() => window.localStorage.getItem("zhitu.session")));
  const access = expiredToken(stored.accessToken, "access");
  assert.equal((await fetch(`${BASE_URL}/basic-api/api/project/search?page=1&pageSize=1`, { headers: { Authorization: `Bearer ${access}` } })).status, 401);
  await page.evaluate((session) => window.localStorage.setItem("zhitu.session", JSON.stringify(session)), { ...stored, accessToken: access, expiresAt: Date.now() + 3_600_000 });
  await page.reload();
  await page.waitForURL("**/login?redirect=*");
  await page.getByTestId("session-timeout").waitFor();
  await page.fill("#userName", "admin");
  await page.fill("#password", PASSWORD);
  await page.click("button[type=submit]");
  await page.waitForURL("**/projectManage/index");
  await page.getByTestId("manage-row").first().waitFor();
  assert.equal(await page.getByTestId("session-timeout").count(), 0);

  // Both tokens expired: the refresh fails, which is a timeout too.
  const again = JSON.parse(await page.evaluate(() => window.localStorage.getItem("zhitu.session")));
  await page.evaluate((session) => window.localStorage.setItem("zhitu.session", JSON.stringify(session)),
    { ...again, accessToken: expiredToken(again.accessToken, "access"), refreshToken: expiredToken(again.accessToken, "refresh"), expiresAt: Date.now() - 60_000 });
  await page.reload();
  await page.waitForURL("**/login?redirect=*");
  await page.getByTestId("session-timeout").waitFor();
});

test("an access token near its end is refreshed without leaving the page (SPEC §4: under 5 minutes)", async () => {
  await signInAs(page, "admin");
  await page.goto(`${BASE_URL}/projectManage/index`);
  await page.getByTestId("manage-row").first().waitFor();
  const stored = JSON.parse(await page.evaluate(() => window.localStorage.getItem("zhitu.session")));
  await page.evaluate((session) => window.localStorage.setItem("zhitu.session", JSON.stringify(session)), { ...stored, expiresAt: Date.now() + 120_000 });
  await page.reload();
  await page.getByTestId("manage-row").first().waitFor();
  // Renewed: the stored end moves past the 5-minute mark. (The token text itself may not change:
  // one issued within the same second as the sign-in's is byte for byte the same.)
  await page.waitForFunction(() => JSON.parse(window.localStorage.getItem("zhitu.session")).expiresAt > Date.now() + 300_000);
  assert.match(new URL(page.url()).pathname, /\/projectManage\/index$/);
});

test("the error log (SPEC §8) records a failed request with its method, address and status, and can be cleared", async () => {
  await signInAs(page, "admin");
  await page.evaluate(() => window.localStorage.removeItem("zhitu.errorLog"));
  // A graph that does not exist: the task screen's request fails with the server's message.
  await page.goto(`${BASE_URL}/excavate/definition_task/987654`);
  await page.getByTestId("toast").first().waitFor();
  // An uncaught script error is kept too.
  await page.evaluate(() => setTimeout(() => {
    throw new Error("script-boom");
  }));
  await page.waitForFunction(() => (window.localStorage.getItem("zhitu.errorLog") ?? "").includes("script-boom"));
  await page.goto(`${BASE_URL}/error-log`);
  await page.waitForURL("**/error-log/list");
  // The list is read from the browser's storage after the page mounts: wait for the row.
  const scriptRow = page.getByTestId("error-row").filter({ hasText: "script-boom" }).first();
  await scriptRow.waitFor();
  const script = await scriptRow.locator("td").allTextContents();
  assert.equal(script[1], "JS");
  const row = page.getByTestId("error-row").filter({ hasText: "/basic-api/api/excavate/task/987654" }).first();
  await row.waitFor();
  const cells = await row.locator("td").allTextContents();
  assert.match(cells[1], /^(GET|POST)$/);
  assert.match(cells[3], /^\d{3}$/);
  assert.ok(cells[4].length > 0);
  await page.getByRole("button", { name: "清空", exact: true }).click();
  await page.getByTestId("error-row").first().waitFor({ state: "detached" });
  await page.reload();
  assert.equal(await page.getByTestId("error-row").count(), 0);
});

test("/redirect/{path} re-enters a nested path with its query, and never leaves the site", async () => {
  await signInAs(page, "admin");
  await page.goto(`${BASE_URL}/redirect/excavate/knowledge_point?x=1`);
  await page.waitForURL("**/excavate/knowledge_point?x=1");
  await page.goto(`${BASE_URL}/redirect/%2F%2Fexample.com`);
  assert.equal(new URL(page.url()).origin, new URL(BASE_URL).origin);
});

test("settings drawer: every option applies at once and survives a reload", async () => {
  await signInAs(page, "super");
  // Wide enough that the fixed content width (1200 px) is narrower than the full one.
  await page.setViewportSize({ width: 1700, height: 900 });
  await page.goto(`${BASE_URL}/userManage/index`);
  await page.getByTestId("manage-row").first().waitFor();
  const look = () => page.evaluate(() => {
    const style = (selector) => getComputedStyle(document.querySelector(selector));
    const gear = document.querySelector("[data-testid=settings-button]")?.getBoundingClientRect();
    return {
      primary: style("html").getPropertyValue("--primary").trim(),
      filter: document.documentElement.style.filter,
      header: style("[data-testid=header]").backgroundColor,
      menu: style("[data-testid=sidebar]").backgroundColor,
      pageWidth: document.querySelector("main > *").getBoundingClientRect().width,
      breadcrumb: style("[data-testid=breadcrumb]").display,
      gearTop: gear ? Math.round(gear.top) : null,
    };
  });
  const drawer = page.getByTestId("settings-drawer");
  assert.ok((await look()).pageWidth > 1200);
  await page.getByTestId("settings-button").click();
  await drawer.getByTestId("theme-#ee4f12").click();
  await drawer.getByTestId("header-#009688").click();
  await drawer.getByTestId("menu-#273352").click();
  await drawer.getByTestId("setting-contentMode").selectOption("fixed");
  await drawer.getByTestId("setting-colorWeak").check();
  await drawer.getByTestId("setting-showBreadCrumb").uncheck();
  await drawer.getByTestId("setting-settingButtonPosition").selectOption("header");
  const expected = { primary: "#ee4f12", filter: "invert(80%)", header: "rgb(0, 150, 136)", menu: "rgb(39, 51, 82)", pageWidth: 1200, breadcrumb: "none" };
  const applied = await look();
  assert.deepEqual({ ...applied, gearTop: undefined }, { ...expected, gearTop: undefined });
  assert.ok(applied.gearTop < 48, "the gear sits in the header");
  await page.reload();
  await page.getByTestId("manage-row").first().waitFor();
  const reloaded = await look();
  assert.deepEqual({ ...reloaded, gearTop: undefined }, { ...expected, gearTop: undefined });
  assert.ok(reloaded.gearTop < 48);

  // Back to top: shown once the page is scrolled, it scrolls back; switched off, it never shows.
  const scrollDown = () => page.evaluate(() => {
    const main = document.querySelector("main");
    if (!document.getElementById("tall")) main.insertAdjacentHTML("beforeend", '<div id="tall" style="height:3000px"></div>');
    main.scrollTop = 1200;
    main.dispatchEvent(new Event("scroll"));
  });
  await scrollDown();
  await page.getByTestId("back-top").click();
  await page.waitForFunction(() => document.querySelector("main").scrollTop === 0);
  await page.getByTestId("settings-button").click();
  await drawer.getByTestId("setting-useOpenBackTop").uncheck();
  await drawer.getByTestId("setting-showSettingButton").uncheck();
  await page.keyboard.press("Escape");
  await page.mouse.click(10, 400);
  await scrollDown();
  await page.waitForTimeout(300);
  assert.equal(await page.getByTestId("back-top").count(), 0);
  await page.reload();
  await page.getByTestId("manage-row").first().waitFor();
  assert.equal(await page.getByTestId("settings-button").count(), 0);
  await scrollDown();
  await page.waitForTimeout(300);
  assert.equal(await page.getByTestId("back-top").count(), 0);

  // With the gear hidden the header still opens the drawer; breadcrumb icons and the footer apply and persist.
  await page.getByTestId("header-settings").click();
  await drawer.getByTestId("setting-showBreadCrumb").check();
  await drawer.getByTestId("setting-showBreadCrumbIcon").check();
  await drawer.getByTestId("setting-showFooter").check();
  await page.keyboard.press("Escape");
  await page.mouse.click(10, 400);
  for (const round of ["applied", "reloaded"]) {
    if (round === "reloaded") {
      await page.reload();
      await page.getByTestId("manage-row").first().waitFor();
    }
    assert.ok((await page.getByTestId("breadcrumb").getByTestId("breadcrumb-icon").count()) > 0, round);
    assert.match(await page.getByTestId("footer").textContent(), /知图/, round);
  }

  // Everything back to the defaults for the other tests.
  await page.evaluate(() => {
    window.localStorage.removeItem("zhitu.projectConfig.display");
    const key = "zhitu.projectConfig";
    const stored = JSON.parse(window.localStorage.getItem(key) ?? "{}");
    window.localStorage.setItem(key, JSON.stringify({ ...stored, themeColor: "#0960bd", headerBg: "#ffffff", menuBg: "#001529" }));
  });
  await page.reload();
  await page.getByTestId("settings-button").waitFor();
  assert.equal((await look()).primary, "#0960bd");
  await page.setViewportSize({ width: 1366, height: 820 });
});
