// Decision dialogs: handling a trial application and reviewing a graph offered to the library show
// every invalid field's message under its field at once, in Chinese and in English, checked before
// sending by the server's own rules (GET /api/user/formRules, forms "trialDecision" and
// "libraryReview"); the API answers every field at once in the caller's language and writes
// nothing. (The library approval dialog's check is in library.test.mjs.)
import assert from "node:assert/strict";
import { test } from "node:test";
import { BASE_URL, signedInPage } from "./browser.mjs";
import { api, apiLogin } from "./issue9-helpers.mjs";

let context;
let page;
const stamp = Date.now().toString(36);

signedInPage("super", (opened) => ({ context, page } = opened));

async function setLocale(locale) {
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: BASE_URL }]);
  await page.evaluate((value) => window.localStorage.setItem("zhitu.locale", value), locale).catch(() => undefined);
}

/** The browser's own token: signing the super admin in again through the API would sign the browser out. */
async function browserToken() {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem("zhitu.session")).accessToken);
}

/** The messages shown under the fields once `waitedFor`'s has appeared, by field name. */
async function readErrors(waitedFor) {
  await page.getByTestId(`error-${waitedFor}`).waitFor();
  const shown = {};
  for (const error of await page.locator("[data-testid^=error-]").all()) {
    shown[(await error.getAttribute("data-testid")).slice("error-".length)] = (await error.textContent()).trim();
  }
  return shown;
}

const CASES = {
  "zh-CN": { required: "必填", tooSmall: "数值过小", state: "请选择有效的审批结果", days: "试用天数不能大于 366" },
  en: { required: "Required", tooSmall: "Too small", state: "Choose a valid Decision", days: "Trial days cannot be more than 366" },
};

for (const [locale, expected] of Object.entries(CASES)) {
  test(`trial handling: every invalid field at once, nothing written (${locale})`, async () => {
    const name = `决定${locale === "en" ? "E" : "Z"}${stamp}`;
    const tel = `136${String(Date.now()).slice(-8)}`;
    const applied = await api(null, "POST", "/api/trial/apply", { name, unitName: "示范大学", tel, reason: "想试试" });
    assert.equal(applied.code, 0, applied.message);
    await setLocale(locale);
    await page.goto(`${BASE_URL}/applyfor/index`);
    await page.waitForFunction((wanted) => document.documentElement.lang === wanted, locale);
    const row = page.getByTestId("manage-row").filter({ hasText: name });
    await row.getByTestId("row-handle").click();
    await page.getByTestId("form-dialog").waitFor();
    await page.locator("#field-state").selectOption("2");
    await page.locator("#field-days").fill("0");
    await page.locator("#field-opinion").fill(" ");
    await page.getByTestId("form-submit").click();
    assert.deepEqual(await readErrors("opinion"), { days: expected.tooSmall, opinion: expected.required });
    // No decision: the opinion (needed by a rejection only) is no longer asked for.
    await page.locator("#field-state").selectOption("");
    await page.getByTestId("form-submit").click();
    assert.deepEqual(await readErrors("state"), { state: expected.required, days: expected.tooSmall });
    await page.keyboard.press("Escape");
    await page.getByTestId("form-dialog").waitFor({ state: "detached" });

    const response = await fetch(`${BASE_URL}/basic-api/api/trial/handle/${applied.result.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${await browserToken()}`, "Content-Type": "application/json", "Accept-Language": locale },
      body: JSON.stringify({ state: 5, days: 400, opinion: "" }),
    });
    const answer = await response.json();
    assert.equal(answer.reason, "form", JSON.stringify(answer));
    assert.deepEqual(answer.errors, { state: expected.state, days: expected.days });
    const listed = await api(await browserToken(), "GET", `/api/trial/list?page=1&pageSize=10&name=${encodeURIComponent(name)}`);
    assert.equal(listed.result.items[0].state, 0, "still pending");
    assert.equal(listed.result.items[0].handleOpinion, "");
    await row.getByTestId("row-handle").waitFor();
  });
}

const REVIEW_CASES = {
  "zh-CN": { required: "必填", tooLong: "最多 2000 个字符", noOpinion: "请填写审批意见" },
  en: { required: "Required", tooLong: "At most 2000 characters", noOpinion: "Approval opinion is required" },
};

for (const [locale, expected] of Object.entries(REVIEW_CASES)) {
  test(`library review: every invalid field at once, the server's message under its field, nothing written (${locale})`, async () => {
    // A teacher offers a graph of their own; the super admin in the browser reviews it.
    const teacher = await apiLogin("teacher");
    const list = await api(teacher, "GET", "/api/graphList/list?page=1&pageSize=50");
    const base = list.result.items.find((g) => g.templateId && g.projectId && g.isEdit === 1);
    assert.ok(base, "the teacher has no graph to take a template and project from");
    const name = `审核${locale === "en" ? "E" : "Z"}${stamp}`;
    const made = await api(teacher, "POST", "/api/graphList", { name, templateId: base.templateId, projectId: base.projectId });
    assert.equal(made.code, 0, made.message);
    const graphId = made.result.id;
    try {
      const offered = await api(teacher, "POST", "/api/common/graph/publish", { graphId, summary: "审核演练" });
      assert.equal(offered.code, 0, offered.message);
      await setLocale(locale);
      await page.goto(`${BASE_URL}/common_graphs`);
      await page.waitForFunction((wanted) => document.documentElement.lang === wanted, locale);
      await page.getByTestId("manage-search").fill(name);
      await page.getByTestId("manage-search-submit").click();
      await page.getByTestId("manage-row").filter({ hasText: name }).getByTestId("row-review").click();
      const dialog = page.getByTestId("form-dialog");
      await dialog.waitFor();
      // Checked in the browser first: no decision and an opinion over the server's 2000 characters.
      await page.locator("#field-opinion").fill("意".repeat(2001));
      await page.getByTestId("form-submit").click();
      assert.deepEqual(await readErrors("opinion"), { publicState: expected.required, opinion: expected.tooLong });
      // A refusal whose opinion is markup only passes the browser's check; the server stores the
      // opinion sanitised, finds none, and its message (in the page's language) goes under the field.
      await page.locator("#field-publicState").selectOption("2");
      await page.locator("#field-opinion").fill("<script>alert(1)</script>");
      await page.getByTestId("form-submit").click();
      await dialog.getByTestId("error-opinion").filter({ hasText: expected.noOpinion }).waitFor();
      assert.deepEqual(await readErrors("opinion"), { opinion: expected.noOpinion });
      assert.equal(await dialog.count(), 1, "the dialog stays open");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      const entries = await api(await browserToken(), "GET", `/api/common/graph/listManageGraph?page=1&pageSize=10&name=${encodeURIComponent(name)}`);
      assert.deepEqual(entries.result.items.map((entry) => [entry.publicState, entry.reviewOpinion, entry.reviewerName]), [[0, "", null]]);
    } finally {
      await api(teacher, "PUT", `/api/common/graph/unPublish/${graphId}`);
      await api(teacher, "DELETE", `/api/graphList/${graphId}`);
    }
  });
}
