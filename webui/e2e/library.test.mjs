// Issue 9, public library across two accounts: a teacher offers a graph, the admin publishes it,
// the admin applies for a copy, the teacher (person in charge) approves, the copy appears;
// preview with and without sign-in; unpublish.
import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { BASE_URL, SCREENSHOTS, launch } from "./browser.mjs";
import { api, apiLogin, shootLooks, signInAs } from "./issue9-helpers.mjs";

let context;
let page;
let graph;
const copyName = `申请副本${Date.now().toString(36)}`;

before(async () => {
  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
});

after(async () => {
  await context?.close();
});

test("a teacher offers a graph to the library", async () => {
  const token = await apiLogin("teacher");
  const list = await api(token, "GET", "/api/graphList/list?page=1&pageSize=50");
  for (const item of list.result.items.filter((g) => !g.isPublic && g.projectName === "计算机科学与技术专业建设")) {
    const answer = await api(token, "POST", "/api/common/graph/publish", { graphId: item.id, summary: "课程知识树" });
    if (answer.code === 0) {
      graph = item;
      break;
    }
  }
  assert.ok(graph, "no graph could be offered");
});

test("the admin reviews it in library management and publishes it", async () => {
  await signInAs(page, "admin");
  await page.goto(`${BASE_URL}/common_graphs`);
  await page.getByLabel("公开状态").selectOption("0");
  await page.getByTestId("manage-search").fill(graph.name);
  await page.getByTestId("manage-search-submit").click();
  const row = page.getByTestId("manage-row").filter({ hasText: graph.name });
  await row.getByTestId("row-review").click();
  await page.locator("#field-publicState").selectOption("4");
  await page.locator("#field-opinion").fill("内容完整");
  await page.getByTestId("form-submit").click();
  await page.getByTestId("form-dialog").waitFor({ state: "detached" });
  await page.getByLabel("公开状态").selectOption("4");
  await page.getByTestId("manage-row").filter({ hasText: graph.name }).getByTestId("library-state").filter({ hasText: "已入库" }).waitFor();
  await shootLooks(page, "library-manage");
  await page.getByTestId("manage-row").filter({ hasText: graph.name }).getByTestId("row-history").click();
  await page.getByTestId("history-dialog").getByText("内容完整", { exact: false }).waitFor();
  await shootLooks(page, "library-history");
  await page.keyboard.press("Escape");
});

test("the admin applies for it from the library: the form checks every field", async () => {
  await page.goto(`${BASE_URL}/common_graph_library`);
  await page.getByTestId("library-search").fill(graph.name);
  await page.getByTestId("library-search").press("Enter");
  const card = page.getByTestId("library-card").filter({ hasText: graph.name });
  await card.getByTestId("library-apply").click();
  const dialog = page.getByTestId("apply-dialog");
  await dialog.getByTestId("apply-submit").click();
  await dialog.getByText("请选择项目").last().waitFor();
  await dialog.getByText("请输入申请理由").last().waitFor();
  await dialog.getByLabel("图谱名称").fill(copyName);
  await dialog.getByTestId("project-picker").click();
  await dialog.getByTestId("project-options").getByText("计算机科学与技术专业建设").click();
  await dialog.getByTestId("apply-person").locator("option", { hasText: "李老师" }).waitFor({ state: "attached" });
  await dialog.getByTestId("apply-person").selectOption({ label: "李老师" });
  await dialog.getByTestId("apply-reason").fill("本专业课程建设需要");
  await shootLooks(page, "apply");
  await dialog.getByTestId("apply-submit").click();
  await dialog.waitFor({ state: "detached" });
  await page.getByText("申请已提交").waitFor();
});

test("the preview's 申请图谱 now opens the admin's application list", async () => {
  await page.goto(`${BASE_URL}/common_graph/${graph.id}`);
  // The title reads … until the graph has loaded.
  await page.getByTestId("preview-title").filter({ hasText: graph.name }).waitFor();
  await page.getByTestId("preview-apply").click();
  await page.getByTestId("records-dialog").getByTestId("record-row").filter({ hasText: copyName }).waitFor();
  assert.match(await page.getByTestId("records-dialog").getByTestId("record-state").first().textContent(), /申请中/);
  await shootLooks(page, "records");
  await page.keyboard.press("Escape");
});

test("the teacher approves the application and the admin's project gets its copy", async () => {
  await signInAs(page, "teacher");
  await page.goto(`${BASE_URL}/common_graph_library`);
  await page.getByTestId("to-approve").click();
  const records = page.getByTestId("records-dialog");
  const record = records.getByTestId("record-row").filter({ hasText: copyName });
  await record.waitFor();
  // The approver's view offers no apply button (SPEC §6: only in the personal view).
  assert.equal(await records.getByTestId("records-apply").count(), 0);
  // The search bar: state pass hides the waiting application; graph name and state apply bring it back.
  const [stateFilter] = await records.locator("form select").all();
  await stateFilter.selectOption("2");
  await records.locator("form button[type=submit]").click();
  await record.waitFor({ state: "detached" });
  await records.locator("form input").first().fill(copyName);
  await stateFilter.selectOption("0");
  await records.locator("form button[type=submit]").click();
  await record.waitFor();
  assert.equal(await records.getByTestId("record-row").count(), 1);
  // All states again, so the record stays listed once approved.
  await stateFilter.selectOption("-1");
  await records.locator("form button[type=submit]").click();
  await record.getByTestId("record-approve").click();
  const approval = page.getByTestId("approval-dialog");
  // SPEC §9: the opinion area is 3 to 5 rows.
  const opinionRows = () => approval.getByTestId("approval-opinion").evaluate((area) => area.rows);
  assert.equal(await opinionRows(), 3);
  await approval.getByTestId("approval-opinion").fill("1\n2\n3\n4\n5\n6\n7");
  assert.equal(await opinionRows(), 5);
  // Every invalid field at once, under its field (the server's rules, GET /api/user/formRules).
  await approval.getByTestId("approval-opinion").fill(" ");
  await approval.getByTestId("approval-submit").click();
  await approval.getByRole("alert").nth(1).waitFor();
  assert.deepEqual(await approval.getByRole("alert").allTextContents(), ["必填", "必填"]);
  await approval.getByTestId("approval-pass").check();
  await approval.getByTestId("approval-opinion").fill("同意");
  await shootLooks(page, "approval");
  await approval.getByTestId("approval-submit").click();
  await approval.waitFor({ state: "detached" });
  await record.getByTestId("record-state").filter({ hasText: "已通过" }).waitFor();
  assert.equal(await record.getByTestId("record-approve").count(), 0, "approve shows only on state 0");
  await page.goto(`${BASE_URL}/graphCommonMore`);
  await page.getByTestId("library-card").first().waitFor();
  await shootLooks(page, "public-library");
  const admin = await apiLogin("admin");
  const mine = await api(admin, "GET", `/api/common/graph/getApplyList?type=0&name=${encodeURIComponent(copyName)}`);
  const copyId = mine.result.items[0].copyGraphId;
  assert.ok(copyId);
  const copy = await api(admin, "GET", `/api/graphList/${copyId}`);
  assert.equal(copy.result.name, copyName);
});

test("anyone can preview the published graph without signing in; copy link says 复制成功", async () => {
  const anonymous = await context.browser()?.newContext?.();
  const visitor = anonymous ? await anonymous.newPage() : page;
  if (!anonymous) await page.evaluate(() => window.localStorage.removeItem("zhitu.session"));
  await visitor.goto(`${BASE_URL}/graph_preview/${graph.id}`);
  await visitor.waitForURL(`**/graph_preview_index/${graph.id}`);
  await visitor.getByTestId("preview-title").filter({ hasText: graph.name }).waitFor();
  await visitor.getByTestId("copy-link").click();
  await visitor.getByText("复制成功").waitFor();
  await visitor.getByText("复制成功").waitFor({ state: "detached" });
  await shootLooks(visitor, "graph-preview");
  await anonymous?.close();
});

test("the teacher defines the preview nodes (definePreviewNode): the public preview shows only those branches", async () => {
  const token = await apiLogin("teacher");
  const full = await api(token, "GET", `/api/graph/searchGraph?graphId=${graph.id}`);
  const root = full.result.nodes.find((n) => n.parentId === null);
  const branches = full.result.nodes.filter((n) => n.parentId === root.id);
  assert.ok(branches.length >= 2, "the graph needs two branches");
  const [kept, dropped] = branches;
  await signInAs(page, "teacher");
  await page.goto(`${BASE_URL}/common_graphs`);
  await page.getByTestId("manage-search").fill(graph.name);
  await page.getByTestId("manage-search-submit").click();
  const row = page.getByTestId("manage-row").filter({ hasText: graph.name });
  await row.getByTestId("row-preview-nodes").click();
  const dialog = page.getByTestId("preview-nodes-dialog");
  await dialog.locator(`[data-testid=preview-node][data-name="${kept.name}"]`).check();
  await dialog.getByTestId("preview-nodes-count").filter({ hasText: "已选择 1 个节点" }).waitFor();
  await shootLooks(page, "preview-nodes");
  await dialog.getByTestId("preview-nodes-save").click();
  await dialog.waitFor({ state: "detached" });
  await row.getByTestId("row-preview-nodes").filter({ hasText: "（1）" }).waitFor();
  // The token-less preview now holds the root, the kept branch and what is under it, nothing of the others.
  const preview = await api(null, "GET", `/api/preview/searchGraph?graphId=${graph.id}`);
  const under = new Set([kept.id]);
  for (const node of full.result.nodes) if (under.has(node.parentId)) under.add(node.id);
  for (let again = 0; again < 10; again += 1) for (const node of full.result.nodes) if (under.has(node.parentId)) under.add(node.id);
  assert.deepEqual(new Set(preview.result.nodes.map((n) => n.id)), new Set([root.id, ...under]));
  const anonymous = await context.browser().newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(`${BASE_URL}/graph_preview_index/${graph.id}`);
  await visitor.getByTestId("preview-title").waitFor();
  await visitor.getByText(kept.name, { exact: true }).first().waitFor();
  assert.equal(await visitor.getByText(dropped.name, { exact: true }).count(), 0);
  await visitor.screenshot({ path: path.join(SCREENSHOTS, "issue9-preview-narrowed.png") });
  // Back to the whole graph.
  await row.getByTestId("row-preview-nodes").click();
  await dialog.getByTestId("preview-nodes-all").click();
  await dialog.waitFor({ state: "detached" });
  const whole = await api(null, "GET", `/api/preview/searchGraph?graphId=${graph.id}`);
  assert.equal(whole.result.nodes.length, full.result.nodes.length);
  await anonymous.close();
});

test("/image_text_compare is public for a material of a library graph and refused for the rest", async () => {
  const token = await apiLogin("teacher");
  const upload = async (name, text, field) => {
    const form = new FormData();
    form.set("file", new Blob([text], { type: "text/plain" }), name);
    for (const [key, value] of Object.entries(field)) form.set(key, String(value));
    const response = await fetch(`${BASE_URL}/basic-api/api/excavate/textSource`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
    const body = await response.json();
    assert.equal(body.code, 0, body.message);
    return body.result.id;
  };
  const bound = await upload("公开讲义.txt", "第一章 线性表\n线性表是有限序列。\n", { graphId: graph.id });
  const projects = await api(token, "GET", "/api/project/getProjectList?page=1&pageSize=50");
  const loose = await upload("私有草稿.txt", "草稿内容\n", { projectId: projects.result.items[0].id });
  const anonymous = await context.browser().newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(`${BASE_URL}/image_text_compare/${bound}`);
  await visitor.getByTestId("public-compare").getByText("线性表是有限序列。").waitFor();
  await shootLooks(visitor, "public-compare");
  await visitor.goto(`${BASE_URL}/image_text_compare/${loose}`);
  await visitor.getByTestId("public-compare-refused").waitFor();
  assert.equal(await visitor.getByText("草稿内容").count(), 0);
  await shootLooks(visitor, "public-compare-refused");
  await anonymous.close();
});

test("the admin takes the graph out of the library", async () => {
  await signInAs(page, "admin");
  await page.goto(`${BASE_URL}/common_graphs`);
  await page.getByTestId("manage-search").fill(graph.name);
  await page.getByTestId("manage-search-submit").click();
  const row = page.getByTestId("manage-row").filter({ hasText: graph.name });
  await row.getByTestId("row-unpublish").click();
  await page.getByTestId("confirm-yes").click();
  await row.getByTestId("library-state").filter({ hasText: "已移出" }).waitFor();
  await page.goto(`${BASE_URL}/graph_preview_index/${graph.id}`);
  await page.getByTestId("preview-missing").waitFor();
});
