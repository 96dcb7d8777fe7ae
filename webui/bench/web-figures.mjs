// Figures for issue 9 (not a test): first-load JavaScript of every route, and time to interactive
// of /home and /excavate/knowledge_point in headless Chromium (median of 3 cold loads), against the
// not-found page in the same run (the framework and shell alone) as the baseline.
// `nox -s bench -- web_figures`, or against a built platform: ZHITU_URL=http://127.0.0.1:PORT node bench/web-figures.mjs
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BASE_URL, launch, signIn } from "../e2e/browser.mjs";

const APP = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "app");

/** Routes from the app folder, with a sample id for dynamic segments. */
function routes(folder = APP, prefix = "") {
  const found = [];
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (!statSync(full).isDirectory()) {
      if (name === "page.tsx") found.push(prefix || "/");
      continue;
    }
    const segment = name.startsWith("(") ? "" : name.startsWith("[[") ? "" : name.startsWith("[") ? "/1" : `/${name}`;
    found.push(...routes(full, prefix + segment));
  }
  return [...new Set(found)];
}

// Long tasks are observed from the start; TTI ≈ the end of the last long task before 2 s of quiet,
// never earlier than DOMContentLoaded and the screen's own ready marker.
const OBSERVER = `window.__longTasks=[];new PerformanceObserver(l=>{for(const e of l.getEntries())window.__longTasks.push(e.startTime+e.duration)}).observe({type:"longtask",buffered:true});`;

async function tti(page, url, ready) {
  await page.goto("about:blank");
  await page.goto(url);
  await page.locator(ready).first().waitFor();
  const readyAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(2000);
  return page.evaluate((readyAt) => {
    const nav = performance.getEntriesByType("navigation")[0];
    return Math.round(Math.max(nav.domContentLoadedEventEnd, readyAt, ...window.__longTasks));
  }, readyAt);
}

async function firstLoadJs(context, url) {
  const page = await context.newPage();
  const client = await context.newCDPSession(page);
  await client.send("Network.enable");
  await client.send("Network.setCacheDisabled", { cacheDisabled: true });
  let encoded = 0;
  const scripts = new Map();
  client.on("Network.responseReceived", (e) => e.type === "Script" && scripts.set(e.requestId, e.response.url));
  client.on("Network.loadingFinished", (e) => scripts.has(e.requestId) && (encoded += e.encodedDataLength));
  await page.goto(url, { waitUntil: "networkidle" });
  const decoded = await page.evaluate(() =>
    performance.getEntriesByType("resource").filter((r) => r.initiatorType === "script" || r.name.endsWith(".js")).reduce((sum, r) => sum + r.decodedBodySize, 0),
  );
  await page.close();
  return { encoded, decoded };
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

const context = await launch();
await context.addInitScript(OBSERVER);
const page = context.pages()[0] ?? (await context.newPage());
await signIn(page, "super");
const sizes = [];
for (const route of routes()) {
  const { encoded, decoded } = await firstLoadJs(context, `${BASE_URL}${route}`);
  sizes.push({ route, kB: Math.round(decoded / 1024), wireKB: Math.round(encoded / 1024) });
}
sizes.sort((a, b) => b.kB - a.kB);
console.log("first-load JS by route (decoded kB, on the wire kB), largest first:");
for (const s of sizes) console.log(`  ${s.route.padEnd(48)} ${String(s.kB).padStart(5)} kB  ${String(s.wireKB).padStart(5)} kB wire`);
const home = [];
const mining = [];
const bare = [];
for (let i = 0; i < 3; i += 1) {
  home.push(await tti(page, `${BASE_URL}/home`, "[data-testid=home]"));
  mining.push(await tti(page, `${BASE_URL}/excavate/knowledge_point`, "[data-testid=mining-start]"));
  bare.push(await tti(page, `${BASE_URL}/no-such-page`, "[data-testid=not-found]"));
}
const baseline = median(bare);
console.log(`time to interactive of the not-found page (baseline): ${baseline} ms (runs ${bare.join(", ")})`);
console.log(`time to interactive /home: ${median(home)} ms (runs ${home.join(", ")}), ratio ${(median(home) / baseline).toFixed(2)}x`);
console.log(`time to interactive /excavate/knowledge_point: ${median(mining)} ms (runs ${mining.join(", ")}), ratio ${(median(mining) / baseline).toFixed(2)}x`);
await context.close();
