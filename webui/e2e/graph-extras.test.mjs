// The graph workspace's last entries no other browser test drives, against the real platform: the
// task dialog's reassign and overview, export to Excel, Word and XMind (and the Excel file imported
// again), the mind map's toolbar "pin below" and "view description" (SPEC §2, §4), and the 'new' and
// 'update' marks. Every test creates its own graph and deletes it, so the example graphs and what
// other test files count stay as they were.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { inflateRawSync } from "node:zlib";
import path from "node:path";
import { test } from "node:test";
import { BASE_URL, PASSWORD, SCREENSHOTS, signedInPage, addInTree as addNodeInTree, treeRowNamed, seenToast } from "./browser.mjs";

let page;
const STAMP = Date.now() % 100000;

/** Another account through the API (signing in as the page's own account would end its session). */
async function apiAs(userName) {
  const answer = await (await fetch(`${BASE_URL}/basic-api/api/Authorize/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userName, password: PASSWORD }),
  })).json();
  return { profile: answer.result.profile, call: caller(answer.result.accessToken) };
}

const caller = (token) => async (method, url, body) =>
  (await fetch(`${BASE_URL}/basic-api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  })).json();

/** The page's own account (the teacher) through the API, with the page's token: the session stays. */
async function asPage() {
  const session = JSON.parse(await page.evaluate(() => window.localStorage.getItem("zhitu.session")));
  return { profile: session.profile, call: caller(session.accessToken) };
}

const treeRow = (name) => treeRowNamed(page, name);
const mindNode = (name) => page.locator(`[data-testid=mind-node][data-name="${name}"]`);
const toast = (text) => seenToast(page, text);
const graphIdOf = (url) => Number(new URL(url).pathname.split("/")[3]);

const addInTree = (anchor, mode, name, type) => addNodeInTree(page, anchor, mode, name, type);

/** Creates a teaching graph through the new-graph dialog and opens it; answers its id. */
async function createGraph(name) {
  await page.goto(`${BASE_URL}/knowledgeGraph/index`);
  await page.getByTestId("new-graph").click();
  const dialog = page.getByTestId("create-graph");
  await dialog.getByTestId("create-project").selectOption({ label: "计算机科学与技术专业建设" });
  await dialog.getByTestId("create-template").selectOption({ label: "教学图谱" });
  await dialog.getByTestId("create-name").fill(name);
  await dialog.getByTestId("create-submit").click();
  await page.waitForURL("**/knowledgeGraph/knowledgeTree/*");
  await mindNode(name).waitFor();
  await treeRow(name).waitFor();
  return graphIdOf(page.url());
}

async function deleteGraph(graphId) {
  const answer = await (await asPage()).call("DELETE", `/api/graphList/${graphId}`);
  assert.equal(answer.code, 0, answer.message);
}

async function countNodes(who, graphId) {
  const { result } = await who.call("GET", `/api/graph/searchTree?graphId=${graphId}`);
  const count = (node) => 1 + node.childs.reduce((sum, child) => sum + count(child), 0);
  return count(result.tree);
}

async function nodeByName(who, graphId, name) {
  const { result } = await who.call("GET", `/api/graph/searchTree?graphId=${graphId}`);
  const find = (node) => (node.name === name ? node : node.childs.map(find).find(Boolean));
  return find(result.tree);
}

signedInPage("teacher", (opened) => ({ page } = opened));

test("the task dialog reassigns a task to another person and its overview counts the states", async () => {
  const name = `e2e 任务 ${STAMP}`;
  const graphId = await createGraph(name);
  try {
    const admin = await apiAs("admin");
    await addInTree(name, "child", "二叉树");
    await treeRow("二叉树").click();
    await page.getByTestId("graph-menu").click();
    await page.getByTestId("tasks-menu").click();
    const dialog = page.getByTestId("tasks-dialog");
    await dialog.getByText("暂无任务").waitFor();
    await dialog.getByTestId("task-assignee").click();
    await dialog.getByTestId("task-assignee").fill(admin.profile.Name.slice(0, 2));
    await dialog.getByTestId("assignee-option").filter({ hasText: admin.profile.Name }).first().click();
    await dialog.getByTestId("task-dispatch").click();
    const row = dialog.getByTestId("task-row");
    await row.filter({ hasText: "二叉树" }).filter({ hasText: admin.profile.Name }).waitFor();
    // The overview: one dispatched task, nothing in the other states, the same as the server counts.
    const counts = dialog.getByTestId("task-counts");
    await counts.getByText("已派发 1").waitFor();
    for (const state of ["已提交 0", "已审核 0", "已退回 0"]) await counts.getByText(state).waitFor();
    const overview = await admin.call("GET", `/api/graph/task/overview/${graphId}`);
    assert.equal(overview.code, 0, overview.message);
    // The server leaves out the states with no task; the dialog shows them as 0.
    assert.deepEqual({ assigned: 0, submitted: 0, examined: 0, returned: 0, ...overview.result.counts }, { assigned: 1, submitted: 0, examined: 0, returned: 0 });
    assert.equal(overview.result.items.length, 1);

    // Reassign: the picker offers the project's members but the current assignee; the teacher takes the task.
    const me = await asPage();
    await row.getByTestId("task-reassign").click();
    await dialog.getByTestId("assignee-option").first().waitFor();
    const offered = await dialog.getByTestId("assignee-option").allTextContents();
    assert.ok(!offered.some((text) => text.includes(admin.profile.Name)) && offered.some((text) => text.includes(me.profile.Name)), offered.join());
    await dialog.getByTestId("task-reassign-picker").fill(me.profile.Name.slice(0, 1));
    await dialog.getByTestId("assignee-option").filter({ hasText: me.profile.Name }).first().click();
    await toast("修改成功");
    await row.getByTestId("task-assignee-name").filter({ hasText: me.profile.Name }).waitFor();
    await dialog.getByTestId("task-reassign-picker").waitFor({ state: "detached" });
    const reassigned = await admin.call("GET", `/api/graph/task/overview/${graphId}`);
    assert.equal(reassigned.result.items[0].assigneeId, me.profile.Id);
    assert.equal(reassigned.result.counts.assigned, 1);

    // Now the page's own task: it submits it, and the overview moves it to 已提交.
    await row.getByTestId("task-submit").click();
    await counts.getByText("已提交 1").waitFor();
    await counts.getByText("已派发 0").waitFor();
    await row.filter({ hasText: "已提交" }).waitFor();
    const submitted = await admin.call("GET", `/api/graph/task/overview/${graphId}`);
    assert.deepEqual({ assigned: 0, ...submitted.result.counts }, { assigned: 0, submitted: 1 });
    await page.screenshot({ path: path.join(SCREENSHOTS, "tasks-overview-zh-light.png") });
    await page.keyboard.press("Escape");
  } finally {
    await deleteGraph(graphId);
  }
});

/** The entries of a zip file by name, read through its central directory (stored or deflated). */
function unzip(bytes) {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, "no end of central directory");
  const entries = new Map();
  let at = bytes.readUInt32LE(end + 16);
  for (let i = 0; i < bytes.readUInt16LE(end + 10); i += 1) {
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + size);
    entries.set(name, () => (method === 8 ? inflateRawSync(data) : data).toString("utf8"));
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** Where each kind keeps the graph's text, and so what shows the file is of that kind. */
const ZIP_PARTS = { xlsx: /^xl\/(worksheets\/sheet1\.xml|sharedStrings\.xml)$/, docx: /^word\/document\.xml$/, xmind: /^content\.(json|xml)$/ };

/** Exports through the graph menu's export submenu (by keyboard, as graph-workspace does); answers the saved file. */
async function exportAs(format, fileName) {
  await page.getByTestId("graph-menu").click();
  await page.getByTestId("export-menu").press("ArrowRight");
  await page.getByTestId(`export-${format}`).waitFor();
  const downloading = page.waitForEvent("download");
  await page.getByTestId(`export-${format}`).focus();
  await page.getByTestId(`export-${format}`).press("Enter");
  const download = await downloading;
  assert.ok(download.suggestedFilename().endsWith(`.${format}`), download.suggestedFilename());
  const file = path.join(SCREENSHOTS, fileName);
  await download.saveAs(file);
  return file;
}

test("Excel, Word and XMind exports download zip files, and the Excel file imports as a graph of as many nodes", async () => {
  const name = `e2e 导出 ${STAMP}`;
  const graphId = await createGraph(name);
  let importedId;
  try {
    await addInTree(name, "child", "线性表");
    await addInTree("线性表", "child", "顺序表");
    await addInTree("线性表", "sibling", "树");
    await addInTree("树", "child", "二叉树");
    const me = await asPage();
    const nodes = await countNodes(me, graphId);
    assert.equal(nodes, 5);
    const files = {};
    for (const format of ["xlsx", "docx", "xmind"]) {
      files[format] = await exportAs(format, `extras-export.${format}`);
      const bytes = readFileSync(files[format]);
      assert.ok(bytes.length > 100, `${format}: ${bytes.length} bytes`);
      assert.equal(bytes.subarray(0, 2).toString("latin1"), "PK", `${format} starts with ${bytes.subarray(0, 4).toString("hex")}`);
      // Its parts are those of the kind, and they hold the nodes' names.
      const entries = unzip(bytes);
      const parts = [...entries.keys()].filter((entry) => ZIP_PARTS[format].test(entry));
      assert.ok(parts.length > 0, `${format} parts: ${[...entries.keys()].join()}`);
      const text = parts.map((part) => entries.get(part)()).join("\n")
        .replace(/&#(x?)([0-9a-f]+);/gi, (_, hex, code) => String.fromCodePoint(parseInt(code, hex ? 16 : 10)));
      for (const node of [name, "线性表", "顺序表", "树", "二叉树"]) assert.ok(text.includes(node), `${format} holds ${node}`);
      // Excel and Word name the node types as the interface does (知识图谱), not by their codes.
      if (format !== "xmind") assert.ok(text.includes("知识图谱"), `${format} names the root's type`);
    }
    await page.goto(`${BASE_URL}/knowledgeGraph/index`);
    await page.getByTestId("import-graph").click();
    const dialog = page.getByTestId("create-graph");
    await dialog.getByTestId("create-file").setInputFiles(files.xlsx);
    await dialog.getByTestId("create-name").fill(`${name} 导入`);
    await dialog.getByTestId("create-submit").click();
    await page.waitForURL("**/knowledgeGraph/knowledgeTree/*");
    importedId = graphIdOf(page.url());
    assert.notEqual(importedId, graphId);
    await treeRow("二叉树").waitFor();
    await treeRow("顺序表").waitFor();
    assert.equal(await countNodes(me, importedId), nodes);
  } finally {
    if (importedId) await deleteGraph(importedId);
    await deleteGraph(graphId);
  }
});

test("the mind map's toolbar pins below the map and opens the node's description", async () => {
  const name = `e2e 工具栏 ${STAMP}`;
  const graphId = await createGraph(name);
  try {
    await addInTree(name, "child", "图论");
    await addInTree("图论", "sibling", "集合论");
    await addInTree("图论", "child", "最短路径");
    const me = await asPage();
    const node = await nodeByName(me, graphId, "图论");
    const described = await me.call("PUT", `/api/graph/updateNode/${node.id}`, { graphId, revision: node.revision, desc: "<p>图由顶点和边组成。</p>" });
    assert.equal(described.code, 0, described.message);
    await page.reload();
    await mindNode("图论").waitFor();
    await mindNode("图论").click();
    const toolbar = page.getByTestId("node-toolbar");
    const drawer = page.getByTestId("node-drawer");
    await toolbar.waitFor();
    // Floating: above the selected node.
    const nodeBox = await mindNode("图论").boundingBox();
    let box = await toolbar.boundingBox();
    assert.ok(box.y + box.height <= nodeBox.y + 1, `toolbar ${JSON.stringify(box)} above node ${JSON.stringify(nodeBox)}`);
    // View description: the drawer opens on this node with its description.
    await toolbar.getByRole("button", { name: "查看描述" }).click();
    await drawer.getByTestId("drawer-title").filter({ hasText: "图论" }).waitFor();
    await drawer.getByTestId("description-view").filter({ hasText: "图由顶点和边组成" }).waitFor();
    await drawer.getByRole("button", { name: "关闭" }).click();
    await drawer.waitFor({ state: "detached" });

    await mindNode("图论").click();
    await toolbar.getByRole("button", { name: "固定到底部" }).click();
    // Pinned: one toolbar, at the bottom centre of the map (SPEC §4), pressed.
    const pinned = toolbar.getByRole("button", { name: "取消固定" });
    await pinned.waitFor();
    assert.equal(await toolbar.count(), 1);
    assert.equal(await pinned.getAttribute("aria-pressed"), "true");
    const map = await page.getByTestId("mind-map").boundingBox();
    const atBottom = async () => {
      const at = await toolbar.boundingBox();
      assert.ok(Math.abs(at.x + at.width / 2 - (map.x + map.width / 2)) < 4, `centred: ${JSON.stringify(at)} in ${JSON.stringify(map)}`);
      assert.ok(map.y + map.height - (at.y + at.height) < 40, `at the bottom: ${JSON.stringify(at)} in ${JSON.stringify(map)}`);
      // One row of buttons: pinned at the centre it has half the map's width, and its labels must not wrap.
      assert.ok(at.height < 40, `one row: ${JSON.stringify(at)}`);
      // It leaves the legend (bottom left) readable: the two do not overlap.
      const legend = await page.getByTestId("legend").boundingBox();
      assert.ok(legend.x + legend.width <= at.x || legend.y + legend.height <= at.y, `legend ${JSON.stringify(legend)} under toolbar ${JSON.stringify(at)}`);
    };
    await atBottom();
    await page.screenshot({ path: path.join(SCREENSHOTS, "toolbar-pinned-zh-light.png") });
    // Another level-1 node keeps the pinned toolbar, which now acts on that node.
    await mindNode("集合论").click();
    await pinned.waitFor();
    assert.equal(await toolbar.count(), 1);
    await atBottom();
    await toolbar.getByRole("button", { name: "查看描述" }).click();
    await drawer.getByTestId("drawer-title").filter({ hasText: "集合论" }).waitFor();
    await drawer.getByRole("button", { name: "关闭" }).click();
    await drawer.waitFor({ state: "detached" });
    // The same in English, whose labels are longer.
    await page.getByTestId("language-picker").last().selectOption("en");
    await page.getByText("Graph menu").waitFor();
    await mindNode("集合论").click();
    if (await toolbar.getByRole("button", { name: "Pin below" }).count()) await toolbar.getByRole("button", { name: "Pin below" }).click();
    await toolbar.getByRole("button", { name: "Unpin" }).waitFor();
    await atBottom();
    await page.screenshot({ path: path.join(SCREENSHOTS, "toolbar-pinned-en-light.png") });
    await page.getByTestId("language-picker").last().selectOption("zh-CN");
    await page.getByText("图谱菜单").waitFor();
    await mindNode("集合论").click();
    if (await toolbar.getByRole("button", { name: "固定到底部" }).count()) await toolbar.getByRole("button", { name: "固定到底部" }).click();
    await pinned.waitFor();
    // A node of level 2 shows no toolbar, pinned or not.
    await mindNode("最短路径").click();
    await toolbar.waitFor({ state: "detached" });
    // Unpinned, the toolbar floats above its node again.
    await mindNode("图论").click();
    await pinned.click();
    await toolbar.getByRole("button", { name: "固定到底部" }).waitFor();
    box = await toolbar.boundingBox();
    const again = await mindNode("图论").boundingBox();
    assert.ok(box.y + box.height <= again.y + 1, `floating again: ${JSON.stringify(box)} above ${JSON.stringify(again)}`);
  } finally {
    await deleteGraph(graphId);
  }
});

test("a node added shows the 'new' mark and a renamed one the 'update' mark", async () => {
  const name = `e2e 标记 ${STAMP}`;
  const graphId = await createGraph(name);
  try {
    // The root came with the graph: no mark.
    assert.equal(await mindNode(name).getByTestId("change-mark").count(), 0);
    await addInTree(name, "child", "排序");
    await mindNode("排序").getByTestId("change-mark").filter({ hasText: /^new$/ }).waitFor();
    // Renaming the root in the mind map marks it 'update'.
    const renamed = `${name} 改`;
    await mindNode(name).click({ button: "right" });
    await page.getByTestId("node-menu-rename").click();
    await page.getByTestId("mind-rename").fill(renamed);
    await page.getByTestId("mind-rename").press("Enter");
    await mindNode(renamed).getByTestId("change-mark").filter({ hasText: /^update$/ }).waitFor();
    // A new node renamed stays 'new'; both marks survive a reload, as the server keeps them.
    await treeRow("排序").dblclick();
    await page.getByTestId("tree-rename").fill("快速排序");
    await page.getByTestId("tree-rename").press("Enter");
    await mindNode("快速排序").waitFor();
    await page.reload();
    await mindNode("快速排序").getByTestId("change-mark").filter({ hasText: /^new$/ }).waitFor();
    await mindNode(renamed).getByTestId("change-mark").filter({ hasText: /^update$/ }).waitFor();
    const me = await asPage();
    const root = await nodeByName(me, graphId, renamed);
    assert.equal(root.isUpdateNode, true);
    assert.equal(root.isNewNode, false);
    await page.screenshot({ path: path.join(SCREENSHOTS, "change-marks-zh-light.png") });
  } finally {
    await deleteGraph(graphId);
  }
});
