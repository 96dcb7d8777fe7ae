// Browser benchmark of the mind map (issue 8): for trees of 500, 2,000 and 10,000 nodes, the time
// from navigation to the map drawn and from a click on collapse/expand to the next frame, in
// headless Chromium against the real platform (ZHITU_URL, a running `zhitu demo`), with
// simple-mind-map drawing the same tree in the same run as the baseline. Prints medians and ratios.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BASE_URL, launch, signIn } from "../e2e/browser.mjs";
import { login } from "./relation-network.mjs";
import { countOf, makeTree, toOpml, toSimpleMindMap } from "./tree.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SIZES = (process.env.BENCH_SIZES ?? "500,2000,10000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The workspace opens big trees with two levels below the root unfolded (graph-workspace.tsx); the baseline gets the same. */
const OPEN_ALL_UP_TO = 400;
const OPEN_DEPTH = 2;

/** Where graphs are created; the platform's one URL unless the API is reached apart (a `next dev` proxy mangles uploads). */
const API_URL = process.env.ZHITU_API_URL ?? BASE_URL;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function createGraph(token, tree) {
  const form = new FormData();
  form.set("file", new Blob([toOpml(tree)], { type: "application/octet-stream" }), `bench-${countOf(tree)}.opml`);
  form.set("name", tree.name);
  const answer = await (await fetch(`${API_URL}/basic-api/api/graphList`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form })).json();
  if (answer.code !== 0) throw new Error(answer.message);
  return answer.result.id;
}

/** simple-mind-map data folded like the workspace folds the same tree. */
function foldedBaseline(tree, count) {
  const fold = (node, depth) => ({
    data: { text: node.data.text, expand: count <= OPEN_ALL_UP_TO || depth < OPEN_DEPTH || node.children.length === 0 },
    children: node.children.map((child) => fold(child, depth + 1)),
  });
  return fold(toSimpleMindMap(tree), 0);
}

function serveBaseline() {
  let treeJson = "{}";
  const dist = path.join(HERE, "..", "node_modules", "simple-mind-map", "dist");
  const server = createServer((request, response) => {
    const url = new URL(request.url, "http://x");
    if (url.pathname === "/tree.json") return response.writeHead(200, { "content-type": "application/json" }).end(treeJson);
    if (url.pathname.startsWith("/smm/")) {
      const file = path.join(dist, path.basename(url.pathname));
      return response.writeHead(200, { "content-type": file.endsWith(".css") ? "text/css" : "text/javascript" }).end(readFileSync(file));
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(readFileSync(path.join(HERE, "baseline.html")));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${server.address().port}`, setTree: (json) => (treeJson = json), close: () => server.close() })),
  );
}

/**
 * In the page: run `act`, then wait until `changed()` holds and one more frame is painted. Work the
 * click queued as microtasks (React flushes a click's update in one) runs before the first check, for
 * both sides alike, so a change made before the next frame is not counted one frame late.
 */
const timeToFrame = (page, act, changed) =>
  page.evaluate(
    async ([actSource, changedSource]) => {
      const act = new Function(`return (${actSource})()`);
      const changed = new Function(`return (${changedSource})()`);
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
      const started = performance.now();
      act();
      await Promise.resolve();
      while (!changed()) await frame();
      await frame();
      return performance.now() - started;
    },
    [act.toString(), changed.toString()],
  );

async function ours(page, graphId) {
  await page.goto(`${BASE_URL}/knowledgeGraph/knowledgeTree/${graphId}`);
  await page.waitForFunction(() => window.drawnAt !== undefined, null, { timeout: 120_000 });
  const drawn = await page.evaluate(() => window.drawnAt);
  // How much of it the server's searchTree took (the baseline reads a static file).
  const api = await page.evaluate(() => {
    const entry = performance.getEntriesByType("resource").find((e) => e.name.includes("/api/graph/searchTree"));
    return entry ? entry.responseEnd - entry.startTime : 0;
  });
  // A big tree is drawn from its first levels, then the whole tree replaces them: fold and unfold
  // are timed on the settled page, like the baseline's.
  await page.waitForSelector("[data-testid=graph-workspace][data-tree=complete]", { timeout: 120_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() => (window.benchToggle = document.querySelector('[data-testid=mind-node][data-depth="1"] [data-testid=toggle-branch]')));
  const countNodes = () => document.querySelectorAll("[data-testid=mind-node]").length;
  await page.evaluate(`window.before = (${countNodes})()`);
  const collapse = await timeToFrame(page, () => window.benchToggle.click(), () => document.querySelectorAll("[data-testid=mind-node]").length !== window.before);
  await page.evaluate(`window.before = (${countNodes})()`);
  const expand = await timeToFrame(page, () => window.benchToggle.click(), () => document.querySelectorAll("[data-testid=mind-node]").length !== window.before);
  return { drawn, api, collapse, expand };
}

async function baseline(page, url) {
  await page.goto(`${url}/baseline.html`);
  await page.waitForFunction(() => window.drawnAt !== undefined, null, { timeout: 300_000 });
  const drawn = await page.evaluate(() => window.drawnAt);
  const toggle = (expand) =>
    timeToFrame(
      page,
      new Function(`window.renders = window.renderEndCount; const node = window.mindMap.renderer.root.children.find((n) => n.children.length > 0); window.mindMap.execCommand("SET_NODE_EXPAND", node, ${expand});`),
      () => window.renderEndCount > window.renders,
    );
  const collapse = await toggle(false);
  const expand = await toggle(true);
  return { drawn, collapse, expand };
}

// Graphs first: signing in the browser ends the API session (one session per account).
const token = await login();
const graphs = [];
for (const size of SIZES) {
  const tree = makeTree(size);
  graphs.push({ size, tree, graphId: await createGraph(token, tree) });
}
const server = await serveBaseline();
const context = await launch();
const page = context.pages()[0] ?? (await context.newPage());
// Drawn is timed in the page as the baseline times it (baseline.html: the frame after its render
// ends): the frame after the first map node is in the document, in ms since navigation start.
await page.addInitScript(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector("[data-testid=mind-node]")) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.drawnAt ??= performance.now()));
  });
  document.addEventListener("DOMContentLoaded", () => observer.observe(document.body, { childList: true, subtree: true }));
});
await signIn(page, "teacher");
// One untimed load of each page first: the first navigation of a fresh browser (and a freshly
// started web server) pays for compiling and caching scripts, which is no part of either figure.
server.setTree(JSON.stringify(foldedBaseline(graphs[0].tree, graphs[0].size)));
await ours(page, graphs[0].graphId);
await baseline(page, server.url);
const rows = [];
for (const { size, tree, graphId } of graphs) {
  server.setTree(JSON.stringify(foldedBaseline(tree, size)));
  const mine = [];
  const theirs = [];
  for (let run = 0; run < RUNS; run++) {
    mine.push(await ours(page, graphId));
    theirs.push(await baseline(page, server.url));
  }
  const pick = (runs, key) => Math.round(median(runs.map((r) => r[key])));
  rows.push({ size, "zhitu searchTree": pick(mine, "api"), ...Object.fromEntries(["drawn", "collapse", "expand"].flatMap((key) => [[`zhitu ${key}`, pick(mine, key)], [`baseline ${key}`, pick(theirs, key)], [`ratio ${key}`, +(pick(mine, key) / Math.max(1, pick(theirs, key))).toFixed(2)]])) });
  console.log(JSON.stringify(rows.at(-1)));
}
console.log(`\nmind map, headless Chromium, median of ${RUNS} runs, ms (ratio = Zhitu / simple-mind-map; below 1 is faster).`);
console.log("Zhitu's drawn time includes the app's start, the graph detail, template and tree reads (searchTree column: the first one, which a big tree's first levels answer); the baseline reads a static JSON file.");
console.table(rows);
await context.close();
server.close();
