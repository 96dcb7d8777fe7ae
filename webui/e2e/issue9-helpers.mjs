// Shared steps of the issue-9 browser tests: API calls beside the browser, role checks.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { BASE_URL, PASSWORD, SCREENSHOTS } from "./browser.mjs";

export async function apiLogin(userName, password = PASSWORD) {
  const response = await fetch(`${BASE_URL}/basic-api/api/Authorize/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ userName, password }),
  });
  const body = await response.json();
  assert.equal(body.code, 0, body.message);
  return body.result.accessToken;
}

export async function api(token, method, path, json) {
  const response = await fetch(`${BASE_URL}/basic-api${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(json ? { "Content-Type": "application/json" } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  return response.json();
}

/** Signs in through the form and waits for the graph list (foundation's signIn, any target). */
export async function signInAs(page, userName) {
  await page.goto(`${BASE_URL}/login`);
  await page.evaluate(() => {
    window.localStorage.removeItem("zhitu.session");
    window.sessionStorage.clear();
  });
  await page.goto(`${BASE_URL}/login`);
  await page.fill("#userName", userName);
  await page.fill("#password", PASSWORD);
  await page.click("button[type=submit]");
  await page.waitForURL("**/knowledgeGraph/index");
}

/** A forbidden role is sent to /exception and never sees the page's rows. */
export async function assertForbidden(page, path) {
  await page.goto(`${BASE_URL}${path}`);
  await page.waitForURL("**/exception");
  assert.equal(await page.getByTestId("manage-row").count(), 0);
}

/** The platform's data directory: ZHITU_HOME, or the one of the demo process serving BASE_URL. */
export function platformHome() {
  if (process.env.ZHITU_HOME) return process.env.ZHITU_HOME;
  const port = new URL(BASE_URL).port;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (!command.includes("demo") || !command.includes(port)) continue;
      const home = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").find((entry) => entry.startsWith("ZHITU_HOME="));
      if (home) return home.slice("ZHITU_HOME=".length);
    } catch {
      // not ours or gone
    }
  }
  return null;
}

/** A tiny valid PNG (1×1) for carousel uploads. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Shoots the page as it stands in four looks, NAME-{zh,en}-{light,dark}.png, and leaves it in zh-CN light.
 * It switches with the page's own theme toggle and language picker; pages without them (lock, exception,
 * not found, SSO) get what those controls store, then a reload. `ready` waits for the content after a switch.
 */
export async function shootLooks(page, name, ready = async () => {}) {
  for (const [locale, dark] of [["zh-CN", false], ["zh-CN", true], ["en", true], ["en", false]]) {
    await switchLook(page, locale, dark);
    await ready(page);
    await page.screenshot({ fullPage: true, path: path.join(SCREENSHOTS, `${name}-${locale === "en" ? "en" : "zh"}-${dark ? "dark" : "light"}.png`) });
  }
  await switchLook(page, "zh-CN", false);
  await ready(page);
}

async function switchLook(page, locale, dark) {
  const picker = page.getByTestId("language-picker").filter({ visible: true }).first();
  const toggle = page.getByTestId("theme-toggle").filter({ visible: true }).first();
  const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
  if ((await picker.count()) === 0 || (await toggle.count()) === 0) {
    await page.evaluate(([wanted, wantDark]) => {
      document.cookie = `NEXT_LOCALE=${wanted}; path=/; max-age=31536000; samesite=lax`;
      window.localStorage.setItem("zhitu.locale", wanted);
      const key = "zhitu.projectConfig";
      window.localStorage.setItem(key, JSON.stringify({ ...JSON.parse(window.localStorage.getItem(key) ?? "{}"), darkMode: wantDark }));
    }, [locale, dark]);
    await page.reload();
  } else {
    // A dispatched click, not a pointer press: a press outside an open dialog would close it.
    if ((await isDark()) !== dark) await toggle.dispatchEvent("click");
    if ((await picker.inputValue()) !== locale) await picker.selectOption(locale);
  }
  await page.waitForFunction(([wanted, wantDark]) => document.documentElement.lang === wanted && document.documentElement.classList.contains("dark") === wantDark, [locale, dark]);
  await page.waitForTimeout(250); // the refreshed messages paint
}
