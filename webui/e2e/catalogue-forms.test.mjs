// Issue 19, item 2, for the catalogue and the portal content: the entity-type, relation-group,
// template, help-document and carousel dialogs show every invalid field's message under its field
// at once, in Chinese and in English, checked before sending
// by the server's own rules (GET /api/user/formRules); what only the server knows (a taken code)
// comes back under its field too; the API answers the same three fields at once.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { BASE_URL, signedInPage } from "./browser.mjs";
import { api } from "./issue9-helpers.mjs";

let context;
let page;
const TOO_LONG = "n".repeat(101);

signedInPage("super", (opened) => ({ context, page } = opened));

afterEach(async (t) => {
  if (process.env.ZHITU_DEBUG_SHOTS) await page.screenshot({ path: `/tmp/forms-${t.name.slice(0, 24).replace(/\W+/g, "_")}.png` }).catch(() => undefined);
});

async function setLocale(locale) {
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: BASE_URL }]);
  await page.evaluate((value) => window.localStorage.setItem("zhitu.locale", value), locale).catch(() => undefined);
}

async function openCreateDialog(pathname, resource) {
  await page.goto(`${BASE_URL}${pathname}`);
  await page.getByTestId(`manager-${resource}`).waitFor();
  await page.getByTestId("manage-row").first().or(page.getByTestId("manage-empty")).first().waitFor();
  await page.getByTestId("manage-create").click();
  await page.getByTestId("form-dialog").waitFor();
}

/** Fills the dialog's fields by name (an input's id is field-<name>). */
async function fill(values) {
  for (const [name, value] of Object.entries(values)) await page.fill(`#field-${name}`, value);
}

/** Submits and reads the messages shown under the fields: every one, by field name. */
async function submitAndReadErrors(count) {
  await page.getByTestId("form-submit").click();
  await page.locator("[data-testid^=error-]").nth(count - 1).waitFor();
  const shown = {};
  for (const error of await page.locator("[data-testid^=error-]").all()) {
    shown[(await error.getAttribute("data-testid")).slice("error-".length)] = (await error.textContent()).trim();
  }
  return shown;
}

/** The browser's own token: signing the super admin in again through the API would sign the browser out. */
async function browserToken() {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem("zhitu.session")).accessToken);
}

/** The same body posted in the given language: the API's field messages. */
async function apiErrors(path, body, locale) {
  const response = await fetch(`${BASE_URL}/basic-api${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await browserToken()}`, "Content-Type": "application/json", "Accept-Language": locale },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  assert.equal(answer.reason, "form", JSON.stringify(answer));
  return answer.errors;
}

const CASES = {
  "zh-CN": { code: "编码格式不正确", required: "必填", tooLong: "最多 100 个字符", tooSmall: "数值过小", address: "地址格式不正确", link: "链接格式不正确", taken: (code) => `编码 ${code} 已被使用` },
  en: { code: "Code is not valid", required: "Required", tooLong: "At most 100 characters", tooSmall: "Too small", address: "Address is not valid", link: "Link is not valid", taken: (code) => `Code ${code} is already taken` },
};

for (const [locale, expected] of Object.entries(CASES)) {
  test(`entity type: three invalid fields show three messages at once, and a taken code its own (${locale})`, async () => {
    await setLocale(locale);
    await openCreateDialog("/graph_entitys", "entities");
    await fill({ code: "9bad", name: "", nameEn: TOO_LONG });
    assert.deepEqual(await submitAndReadErrors(3), { code: expected.code, name: expected.required, nameEn: expected.tooLong });
    // Fixed fields lose their message; a code only the server knows is taken comes back under the code.
    await fill({ code: "KnowUnit", name: "已有编码", nameEn: "" });
    await page.getByTestId("form-submit").click();
    await page.getByTestId("error-code").filter({ hasText: expected.taken("KnowUnit") }).waitFor();
    assert.equal(await page.locator("[data-testid^=error-]").count(), 1);
    await page.keyboard.press("Escape");
    const errors = await apiErrors("/api/template/templateEntity/add", { code: "9bad", name: "", nameEn: TOO_LONG }, locale);
    assert.deepEqual(Object.keys(errors).sort(), ["code", "name", "nameEn"]);
  });

  test(`relation group: three invalid fields show three messages at once, and a taken code its own (${locale})`, async () => {
    const groups = await api(await browserToken(), "GET", "/api/relationGroup/list?page=1&pageSize=1");
    const takenCode = groups.result.items[0].code;
    await setLocale(locale);
    await openCreateDialog("/relationGroup/index", "relation-groups");
    await fill({ code: "has space", name: "", sort: "-1" });
    assert.deepEqual(await submitAndReadErrors(3), { code: expected.code, name: expected.required, sort: expected.tooSmall });
    await fill({ code: takenCode, name: "重复分组", sort: "1" });
    await page.getByTestId("form-submit").click();
    await page.getByTestId("error-code").filter({ hasText: expected.taken(takenCode) }).waitFor();
    assert.equal(await page.locator("[data-testid^=error-]").count(), 1);
    await page.keyboard.press("Escape");
    const errors = await apiErrors("/api/relationGroup", { code: "has space", name: "", sort: -1 }, locale);
    assert.deepEqual(Object.keys(errors).sort(), ["code", "name", "sort"]);
  });

  test(`template: three invalid fields show three messages at once (${locale})`, async () => {
    await setLocale(locale);
    await openCreateDialog("/graph_template/index", "templates");
    await fill({ code: "9bad", name: "", nameEn: TOO_LONG });
    assert.deepEqual(await submitAndReadErrors(3), { code: expected.code, name: expected.required, nameEn: expected.tooLong });
    await page.keyboard.press("Escape");
    const errors = await apiErrors("/api/template/add", { code: "teaching", kind: "poster", name: "", entitys: [{ code: "KnowGraph", isRoot: true }] }, locale);
    assert.deepEqual(errors, locale === "en"
      ? { code: "Code teaching is already taken", kind: "Choose a valid Template kind", name: "Template name is required" }
      : { code: "编码 teaching 已被使用", kind: "请选择有效的模板类型", name: "请填写模板名称" });
  });

  test(`help document and carousel: every invalid field shows its message at once (${locale})`, async () => {
    await setLocale(locale);
    await openCreateDialog("/Manager/index", "docs");
    await fill({ title: "", url: "ftp://example.org", sort: "-1" });
    assert.deepEqual(await submitAndReadErrors(3), { title: expected.required, url: expected.address, sort: expected.tooSmall });
    await page.keyboard.press("Escape");
    await openCreateDialog("/rotationManager/index", "carousel");
    await fill({ title: "", link: "javascript:x", sort: "-1" });
    assert.deepEqual(await submitAndReadErrors(4), { title: expected.required, link: expected.link, sort: expected.tooSmall, file: expected.required });
    await page.keyboard.press("Escape");
  });
}
