// Where the relation graph's long main-thread tasks go (issue 16; a tool, not a figure): loads the
// page for networks of BENCH_SIZES nodes (default 2,000 and 5,000) under a Chromium performance
// trace and a CPU profile, and prints every task over TRACE_TASK_MS (default 50) with what ran in
// it: the trace's top-level events by time, and the functions with the most self time, each with
// the minified source around it (a production build has no names). Against a running platform:
// ZHITU_URL=http://127.0.0.1:PORT node bench/relation-graph.trace.mjs
import { BASE_URL, launch, signIn } from "../e2e/browser.mjs";
import { createGraph, login, makeNetwork } from "./relation-network.mjs";

const SIZES = (process.env.BENCH_SIZES ?? "2000,5000").split(",").map(Number);
const TASK_MS = Number(process.env.TRACE_TASK_MS ?? 50);
const TOTAL_ROWS = Number(process.env.TRACE_TOTAL_ROWS ?? 0);
/** TRACE=0: only the page's own timeline (no trace or profile, which slow the page down). */
const TRACING = process.env.TRACE !== "0";
/** TRACE_CALLERS=name: the call stacks under which that function (a DOM call, say) spent its time. */
const CALLERS = process.env.TRACE_CALLERS;
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing", "loading", "toplevel"];

async function traced(page, client, url) {
  const events = [];
  const collected = (data) => events.push(...data.value);
  client.on("Tracing.dataCollected", collected);
  await client.send("Profiler.enable");
  await client.send("Profiler.setSamplingInterval", { interval: 200 });
  await client.send("Tracing.start", { categories: CATEGORIES.join(","), transferMode: "ReportEvents" });
  await client.send("Profiler.start");
  await page.goto(url);
  await page.waitForSelector("[data-testid=relation-graph][data-drawn=true]", { timeout: 180_000 });
  await page.waitForTimeout(2500);
  const { profile } = await client.send("Profiler.stop");
  const done = new Promise((resolve) => client.once("Tracing.tracingComplete", resolve));
  await client.send("Tracing.end");
  await done;
  client.off("Tracing.dataCollected", collected);
  return { events, profile };
}

/** The renderer main thread: the thread of the page's navigation's ParseHTML / FunctionCall events. */
function mainThread(events) {
  const counts = new Map();
  for (const e of events) if (e.name === "FunctionCall" || e.name === "ParseHTML") counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Self and total (inclusive) time by function over the samples within [from, to] (µs, the trace's clock). */
function timesByFunction(profile, from, to) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (frame) => `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
  const self = new Map();
  const total = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    const step = profile.timeDeltas[i + 1] ?? 0;
    if (at < from || at > to) return;
    const frame = byId.get(id).callFrame;
    self.set(keyOf(frame), { frame, us: (self.get(keyOf(frame))?.us ?? 0) + step });
    const seen = new Set();
    for (let node = id; node !== undefined; node = parent.get(node)) {
      const key = keyOf(byId.get(node).callFrame);
      if (seen.has(key) || !byId.get(node).callFrame.url) continue;
      seen.add(key);
      total.set(key, { frame: byId.get(node).callFrame, us: (total.get(key)?.us ?? 0) + step });
    }
  });
  const sorted = (map) => [...map].sort((a, b) => b[1].us - a[1].us);
  const stacks = new Map();
  if (CALLERS) {
    at = profile.startTime;
    profile.samples.forEach((id, i) => {
      at += profile.timeDeltas[i];
      if (at < from || at > to || byId.get(id).callFrame.functionName !== CALLERS) return;
      const names = [];
      for (let node = parent.get(id); node !== undefined && names.length < 14; node = parent.get(node)) names.push(keyOf(byId.get(node).callFrame).split(" ")[0]);
      const key = names.join(" < ");
      stacks.set(key, (stacks.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
    });
  }
  return { self: sorted(self), total: sorted(total), stacks: [...stacks].sort((a, b) => b[1] - a[1]) };
}

const sources = new Map();
async function around(frame) {
  if (!frame.url.startsWith("http")) return "";
  if (!sources.has(frame.url)) sources.set(frame.url, await (await fetch(frame.url)).text().catch(() => ""));
  const line = sources.get(frame.url).split("\n")[frame.lineNumber] ?? "";
  return line.slice(Math.max(0, frame.columnNumber - 30), frame.columnNumber + 90).replace(/\s+/g, " ");
}

let token = await login();
const graphs = [];
for (const size of SIZES) graphs.push({ size, graphId: await createGraph(token, makeNetwork(size)) });
const context = await launch();
const page = context.pages()[0] ?? (await context.newPage());
const client = await context.newCDPSession(page);
// The page's own longtask entries and its first draw's steps (data-window-nodes), on one clock.
await page.addInitScript(() => {
  window.timeline = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.timeline.push({ at: Math.round(e.startTime), task: Math.round(e.duration) });
  }).observe({ type: "longtask", buffered: true });
  const observer = new MutationObserver(() => {
    const graph = document.querySelector("[data-testid=relation-graph]");
    const mounted = graph?.getAttribute("data-window-nodes");
    if (graph && mounted !== window.lastMounted) window.timeline.push({ at: Math.round(performance.now()), mounted: (window.lastMounted = mounted), drawn: graph.dataset.drawn });
  });
  document.addEventListener("DOMContentLoaded", () => observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-window-nodes", "data-drawn"] }));
});
await signIn(page, "teacher");
for (const { size, graphId } of graphs) {
  const url = `${BASE_URL}/knowledgeGraph/RelationGraph/${graphId}`;
  await page.goto(url); // untimed: scripts compiled and cached
  await page.waitForSelector("[data-testid=relation-graph][data-drawn=true]", { timeout: 180_000 });
  if (!TRACING) {
    await page.goto(url);
    await page.waitForSelector("[data-testid=relation-graph][data-drawn=true]", { timeout: 180_000 });
    await page.waitForTimeout(2500);
  }
  const { events, profile } = TRACING ? await traced(page, client, url) : { events: [], profile: null };
  const thread = mainThread(events);
  const main = events.filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === "X");
  const tasks = main.filter((e) => e.name === "RunTask" && e.dur >= TASK_MS * 1000).sort((a, b) => a.ts - b.ts);
  const payload = await page.evaluate(() => performance.getEntriesByType("resource").filter((e) => e.name.includes("/api/")).map((e) => `${e.name.split("/api/")[1].split("?")[0]} ${Math.round(e.decodedBodySize / 1024)} kB`));
  const seen = await page.evaluate(() => window.timeline.sort((a, b) => a.at - b.at).map((e) => (e.task ? `task@${e.at} ${e.task}ms` : `mounted@${e.at} ${e.mounted}${e.drawn === "true" ? " drawn" : ""}`)));
  console.log(`\n== ${size} nodes: ${tasks.length} tasks ≥ ${TASK_MS} ms; API answers: ${payload.join(", ")}\n  page timeline: ${seen.join(", ")}`);
  const start = tasks[0]?.ts ?? 0;
  for (const task of tasks) {
    const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur);
    const top = new Map();
    for (const e of inside) top.set(e.name, (top.get(e.name) ?? 0) + e.dur);
    const events = [...top].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`).join(", ");
    // tdur: the thread's CPU time in the task, which a busy machine does not stretch as it does the wall time.
    const cpu = task.tdur === undefined ? "" : ` (${(task.tdur / 1000).toFixed(0)} ms CPU)`;
    console.log(`  task at +${((task.ts - start) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(0)} ms${cpu} — ${events}`);
    if (!profile) continue;
    const times = timesByFunction(profile, task.ts, task.ts + task.dur);
    for (const [key, { frame, us }] of times.self.slice(0, 6)) console.log(`      ${(us / 1000).toFixed(1).padStart(6)} ms self   ${key}  ${await around(frame)}`);
    for (const [stack, us] of times.stacks.slice(0, 3)) console.log(`      ${(us / 1000).toFixed(1).padStart(6)} ms in ${CALLERS} < ${stack}`);
    for (const [key, { frame, us }] of times.total.slice(0, TOTAL_ROWS)) console.log(`      ${(us / 1000).toFixed(1).padStart(6)} ms total  ${key}  ${await around(frame)}`);
  }
}
await context.close();
