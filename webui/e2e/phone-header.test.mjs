// Issue 17: on a phone (390 px) the visitor's header fits, and a menu button opens the portal
// links; on a desktop the links stay in the header and the button is not there.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { BASE_URL, SCREENSHOTS, signedInPage } from "./browser.mjs";

let context;
let page;

signedInPage(null, (opened) => ({ context, page } = opened));

/** Nothing of the header is cut off: no part of it reaches past the right edge of the screen. */
async function assertHeaderFits() {
  const overflow = await page.getByTestId("site-header").evaluate((header) => {
    const right = Math.max(...[...header.querySelectorAll("a, button, select")].filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect().right));
    return { right, width: window.innerWidth, scroll: document.documentElement.scrollWidth };
  });
  assert.ok(overflow.right <= overflow.width, `a header control ends at ${overflow.right} px, past ${overflow.width} px`);
  assert.ok(overflow.scroll <= overflow.width, `the page scrolls sideways (${overflow.scroll} px)`);
}

test("on a phone the header has a menu button that opens the portal links; the library link works", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${BASE_URL}/home`);
  const header = page.getByTestId("site-header");
  await header.waitFor();
  const button = header.getByRole("button", { name: "菜单" });
  await button.waitFor();
  assert.ok(await button.isVisible());
  // The links are in the menu, not squeezed into the header.
  assert.equal(await header.getByRole("link", { name: "公共图谱库" }).isVisible(), false);
  await assertHeaderFits();
  await page.screenshot({ path: path.join(SCREENSHOTS, "phone-header-zh-light.png") });

  await button.click();
  const menu = page.getByRole("menu");
  await menu.waitFor();
  for (const name of ["首页", "公共图谱库", "帮助视频", "帮助文档"]) assert.ok(await menu.getByRole("menuitem", { name }).isVisible(), name);
  // The page the visitor is on is marked in the menu.
  assert.equal(await menu.getByRole("menuitem", { name: "首页" }).getAttribute("aria-current"), "page");
  await page.screenshot({ path: path.join(SCREENSHOTS, "phone-header-menu-zh-light.png") });

  await menu.getByRole("menuitem", { name: "公共图谱库" }).click();
  await page.waitForURL("**/graphCommonMore");
  await menu.waitFor({ state: "detached" });
  await header.getByRole("button", { name: "菜单" }).waitFor();
  await assertHeaderFits();
});

test("the menu opens from the keyboard and closes with Escape", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${BASE_URL}/help_doc`);
  const button = page.getByTestId("site-header").getByRole("button", { name: "菜单" });
  await button.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await menu.waitFor();
  assert.equal(await menu.getByRole("menuitem", { name: "帮助文档" }).getAttribute("aria-current"), "page");
  await page.keyboard.press("Escape");
  await menu.waitFor({ state: "detached" });
});

test("in English the button is named Menu; on a desktop the links stay in the header and there is no menu button", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: BASE_URL }]);
  try {
    await page.goto(`${BASE_URL}/home`);
    await page.getByTestId("site-header").getByRole("button", { name: "Menu" }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, "phone-header-en-light.png") });
  } finally {
    await context.clearCookies({ name: "NEXT_LOCALE" });
  }
  await page.setViewportSize({ width: 1366, height: 820 });
  await page.goto(`${BASE_URL}/home`);
  const header = page.getByTestId("site-header");
  await header.getByRole("link", { name: "公共图谱库" }).waitFor();
  assert.equal(await header.getByRole("button", { name: "菜单" }).isVisible(), false);
  await header.getByRole("link", { name: "公共图谱库" }).click();
  await page.waitForURL("**/graphCommonMore");
});
