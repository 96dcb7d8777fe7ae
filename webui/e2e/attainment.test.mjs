// Attainment (issue 20) in the browser, against the real platform of `zhitu demo` (the course-ability
// graph is id 8, the major ability-target graph id 7): from the course graph's header to the page,
// a score sheet imported through the form, the table, the bars with the threshold line, the graph
// coloured by attainment, a bad sheet refused with its row and column, the Word report downloaded,
// the mind map coloured by attainment, the indicators' radar from the training plan, and the term's
// data deleted.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { BASE_URL, signedInPage, seenToast } from "./browser.mjs";

let page;
const TERM = `2099-${Date.now() % 100000}`;
const SHEET = [
  "学号,姓名,作业,实验,期末1,期末2",
  "满分,,100,100,40,60",
  "课程目标,,\"1,2\",4,\"1,3\",\"2,3\"",
  "2101,学生甲,90,80,30,50",
  "2102,学生乙,50,40,10,20",
  "2103,学生丙,70,90,35,45",
].join("\n");

const toast = (text) => seenToast(page, text);

async function upload(name, content, className) {
  await page.getByTestId("scores-file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(content, "utf8") });
  await page.getByTestId("term-input").fill(TERM);
  await page.getByTestId("class-input").fill(className);
  await page.getByTestId("import-submit").click();
}

signedInPage("teacher", (opened) => ({ page } = opened));

test("the course graph leads to its attainment page, which imports a sheet and draws the result", async () => {
  await page.goto(`${BASE_URL}/knowledgeGraph/knowledgeTree/8`);
  await page.getByTestId("attainment-link").click();
  await page.waitForURL("**/attainment/8");
  await upload("scores.csv", SHEET, "计科2101");
  await toast("3");
  await page.getByTestId("attainment-table").waitFor();
  const rows = await page.getByTestId("attainment-table").locator("tbody tr").count();
  assert.equal(rows, 5); // four objectives and the course
  await page.getByTestId("attainment-bars").waitFor();
  assert.equal(await page.getByTestId("threshold-line").count(), 1);
  const coloured = page.getByTestId("attainment-graph").locator("[data-attainment]");
  assert.equal(await coloured.count(), 4);
  const colours = await coloured.evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).backgroundColor));
  assert.ok(colours.every((colour) => colour !== "rgba(0, 0, 0, 0)"), colours.join());
});

test("a sheet with a score over full marks is refused with its row and column, and nothing changes", async () => {
  await upload("bad.csv", SHEET.replace("2103,学生丙,70,90,35", "2103,学生丙,70,90,45"), "计科2102");
  await toast("row 6, column E");
  const classes = await page.locator("text=计科2102").count();
  assert.equal(classes, 0);
});

test("the Word report downloads and is a docx", async () => {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-docx").click()]);
  const data = readFileSync(await download.path());
  assert.equal(data.subarray(0, 2).toString(), "PK");
  assert.match(download.suggestedFilename(), /\.docx$/);
});

test("the mind map colours the objectives and ability points by the term's attainment", async () => {
  await page.getByTestId("open-coloured-map").click();
  await page.waitForURL("**/knowledgeGraph/knowledgeTree/8?attainment=*");
  const objective = page.locator('[data-testid=mind-node][data-name="课程目标1"] div.border-2').first();
  await objective.waitFor();
  const allowed = ["rgb(245, 34, 45)", "rgb(250, 173, 20)", "rgb(82, 196, 26)"];
  await page.waitForFunction(
    ([selector, colours]) => colours.includes(getComputedStyle(document.querySelector(selector)).borderTopColor),
    ['[data-testid=mind-node][data-name="课程目标1"] div.border-2', allowed],
  );
  assert.ok(allowed.includes(await objective.evaluate((node) => getComputedStyle(node).borderTopColor)));
});

test("the training plan leads to the indicators' radar", async () => {
  await page.goto(`${BASE_URL}/training_plan/7`);
  await page.getByTestId("attainment-link").click();
  await page.waitForURL("**/attainment/7");
  await page.getByTestId("indicator-radar").waitFor();
  const table = await page.getByTestId("indicator-table").innerText();
  assert.match(table, /数据结构/);
});

test("the term's students' data can be deleted", async () => {
  await page.goto(`${BASE_URL}/attainment/8`);
  await page.getByTestId("term-select").selectOption(TERM);
  await page.getByTestId("delete-term").click();
  await page.getByTestId("confirm-yes").click();
  await toast(TERM);
  // The notice comes before the terms list is read again: wait for the term to leave it.
  await page.locator(`[data-testid=term-select] option[value="${TERM}"]`).waitFor({ state: "detached" });
});
