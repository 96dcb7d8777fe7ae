// Browser benchmark of the relation graph (issue 16): for networks of 150, 450, 2,000 and 5,000
// nodes (a course tree with a third as many relations again), the time from navigation to the
// first bubbles and to every bubble drawn, the longest main-thread task (PerformanceObserver "longtask") until the page
// is quiet, and a relation-type filter toggle to the next frame, in headless Chromium against the
// real platform (ZHITU_URL, a running `zhitu demo`). Baseline in the same run and browser: elkjs
// "stress" laying out the same network on the main thread, as the page did before (only up to
// BASELINE_MAX nodes: it takes minutes past that). Prints one JSON line per size, then a table.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BASE_URL, launch, signIn } from "../e2e/browser.mjs";
import { createGraph, login, makeNetwork } from "./relation-network.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SIZES = (process.env.BENCH_SIZES ?? "150,450,2000,5000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BASELINE_MAX = Number(process.env.BENCH_BASELINE_MAX ?? 450);
const API_URL = process.env.ZHITU_API_URL ?? BASE_URL;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const frames = (page, count) =>
  page.evaluate((n) => new Promise((resolve) => {
    const step = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  }), count);

/** Navigation to the first bubble drawn; the longest task until 1.5 s pass with none; a filter toggle. */
async function ours(page, graphId) {
  await page.goto(`${BASE_URL}/knowledgeGraph/RelationGraph/${graphId}`);
  await page.waitForFunction(() => window.drawnAt !== undefined, null, { timeout: 180_000 });
  const drawn = await page.evaluate(() => window.drawnAt);
  const first = await page.evaluate(() => window.firstAt);
  await page.evaluate(() => new Promise((resolve) => {
    const check = () => (performance.now() - (window.lastTaskEnd ?? 0) > 1500 ? resolve() : setTimeout(check, 250));
    check();
  }));
  const longest = await page.evaluate(() => Math.round(Math.max(0, ...window.longTasks)));
  const mounted = await page.evaluate(() => document.querySelectorAll("[data-testid=relation-node]").length);
  const zoom = await page.evaluate(() => {
    const transform = document.querySelector(".react-flow__viewport")?.style.transform ?? "";
    return Number(/scale\(([\d.]+)\)/.exec(transform)?.[1] ?? 0);
  });
  const toggle = await page.evaluate(async () => {
    const box = document.querySelector("[data-testid=relation-filter] input[type=checkbox]");
    const edges = () => document.querySelectorAll(".react-flow__edge").length;
    const before = edges();
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const started = performance.now();
    box.click();
    await Promise.resolve();
    for (let i = 0; i < 600 && edges() === before; i++) await frame();
    await frame();
    return performance.now() - started;
  });
  return { first, drawn, longest, mounted, zoom, toggle };
}

/** elkjs stress on the main thread over the same nodes and edges (what the page did before). */
async function baseline(page, graphId, token) {
  const answer = await (await fetch(`${API_URL}/basic-api/api/graph/searchGraph?graphId=${graphId}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const graph = answer.result;
  await page.goto(`${BASE_URL}/404-baseline`);
  await page.addScriptTag({ path: path.join(HERE, "..", "node_modules", "elkjs", "lib", "elk.bundled.js") });
  return page.evaluate(async (network) => {
    const elk = new window.ELK();
    const started = performance.now();
    await elk.layout({
      id: "root",
      layoutOptions: { "elk.algorithm": "stress", "elk.stress.desiredEdgeLength": "220", "elk.separateConnectedComponents": "true", "elk.spacing.componentComponent": "60" },
      children: network.nodes.map((node) => ({ id: String(node.id), width: node.size, height: node.size })),
      edges: network.relations.filter((r) => r.startNodeId !== r.targetNodeId).map((r, i) => ({ id: `e${i}`, sources: [String(r.startNodeId)], targets: [String(r.targetNodeId)] })),
    });
    return performance.now() - started;
  }, graph);
}

// Graphs first: signing in the browser ends the API session (one session per account).
let token = await login();
const graphs = [];
for (const size of SIZES) graphs.push({ size, graphId: await createGraph(token, makeNetwork(size)) });
const context = await launch();
const page = context.pages()[0] ?? (await context.newPage());
await page.addInitScript(() => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.longTasks.push(entry.duration);
      window.lastTaskEnd = entry.startTime + entry.duration;
    }
  }).observe({ type: "longtask", buffered: true });
  // Drawn: the frame after the page says every bubble is mounted (it mounts them a step per frame).
  const observer = new MutationObserver(() => {
    if (document.querySelector("[data-testid=relation-node]")) window.firstAt ??= performance.now();
    if (!document.querySelector("[data-testid=relation-graph][data-drawn=true]")) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.drawnAt ??= performance.now()));
  });
  document.addEventListener("DOMContentLoaded", () => observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-drawn"] }));
});
await signIn(page, "teacher");
await ours(page, graphs[0].graphId); // untimed: the first load compiles and caches the scripts
const rows = [];
for (const { size, graphId } of graphs) {
  const mine = [];
  for (let run = 0; run < RUNS; run++) mine.push(await ours(page, graphId));
  const pick = (key) => Math.round(median(mine.map((r) => r[key])));
  const row = { size, "first bubbles ms": pick("first"), "drawn ms": pick("drawn"), "longest task ms": pick("longest"), "toggle ms": pick("toggle"), "nodes mounted": pick("mounted"), zoom: median(mine.map((r) => r.zoom)) };
  if (size <= BASELINE_MAX) {
    token = await login();
    const elk = Math.round(await baseline(page, graphId, token));
    row["baseline elkjs main-thread layout ms"] = elk;
    row["ratio drawn"] = +(row["drawn ms"] / Math.max(1, elk)).toFixed(2);
    await signIn(page, "teacher");
  }
  rows.push(row);
  console.log(JSON.stringify(row));
}
console.log(`\nrelation graph, headless Chromium, median of ${RUNS} runs (baseline: elkjs stress on the main thread, the layout alone, one run).`);
console.table(rows);
await context.close();
