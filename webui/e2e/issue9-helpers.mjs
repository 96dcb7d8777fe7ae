// Shared steps of the issue-9 browser tests: API calls beside the browser, role checks.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { BASE_URL, PASSWORD } from "./browser.mjs";

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
