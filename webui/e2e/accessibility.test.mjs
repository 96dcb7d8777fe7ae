// The main screens beyond the workspace, checked by axe-core in both themes (issue 17): the public
// home, library and login for visitors; the graph list, library, back office, mining and statistics
// for the super admin. No serious contrast or labelling violation may be found.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { accessibilityProblems } from "./accessibility.mjs";
import { BASE_URL, launch } from "./browser.mjs";
import { signInAs } from "./issue9-helpers.mjs";

let context;
let page;

before(async () => {
  context = await launch();
  page = await context.newPage();
});

after(async () => {
  await context?.close();
});

const VISITOR_SCREENS = ["/home", "/graphCommonMore", "/login"];
const SIGNED_IN_SCREENS = ["/knowledgeGraph/index", "/common_graph_library", "/userManage/index", "/projectManage/index", "/graph_template/index", "/excavate/knowledge_point", "/statistics"];

async function setTheme(dark) {
  await page.evaluate((wantDark) => {
    const key = "zhitu.projectConfig";
    window.localStorage.setItem(key, JSON.stringify({ ...JSON.parse(window.localStorage.getItem(key) ?? "{}"), darkMode: wantDark }));
  }, dark);
}

async function problemsOn(route, dark) {
  await page.goto(`${BASE_URL}${route}`);
  await page.waitForLoadState("networkidle");
  await page.waitForFunction((wantDark) => document.documentElement.classList.contains("dark") === wantDark, dark);
  await page.waitForTimeout(300); // the answers paint
  return (await accessibilityProblems(page)).map((problem) => ({ route, ...problem }));
}

for (const theme of ["light", "dark"]) {
  test(`visitor screens have no serious contrast or labelling violation (${theme})`, async () => {
    await page.goto(`${BASE_URL}/home`);
    await setTheme(theme === "dark");
    const found = [];
    for (const route of VISITOR_SCREENS) found.push(...(await problemsOn(route, theme === "dark")));
    assert.deepEqual(found, []);
  });

  test(`signed-in main screens have no serious contrast or labelling violation (${theme})`, async () => {
    await signInAs(page, "super");
    await setTheme(theme === "dark");
    const found = [];
    for (const route of SIGNED_IN_SCREENS) found.push(...(await problemsOn(route, theme === "dark")));
    assert.deepEqual(found, []);
    await page.evaluate(() => window.localStorage.removeItem("zhitu.session"));
  });
}
