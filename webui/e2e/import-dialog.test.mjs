// The import dialog with a file written by others (issue 14): a multi-sheet XMind whose first sheet
// is empty is previewed (sheet picker, import report), one sheet is imported, and the new graph holds
// that sheet's topics. The file is made here, a stored zip, so no binary fixture is committed.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { BASE_URL, launch, signIn } from "./browser.mjs";

let context;
let page;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => (bytes.reduce((c, b) => CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;

/** A zip of uncompressed members: enough for a reader, and no zip library needed. */
function storedZip(members) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, text] of Object.entries(members)) {
    const nameBytes = Buffer.from(name, "utf8");
    const data = Buffer.from(text, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14); local.writeUInt32LE(data.length, 18); local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16); central.writeUInt32LE(data.length, 20); central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28); central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  const count = Object.keys(members).length;
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(count, 8); end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const STAMP = Date.now() % 100000;
const SHEET_TWO = `第二章 算法 ${STAMP}`;
const CONTENT = `<?xml version="1.0" encoding="UTF-8"?><xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0" version="2.0">
<sheet id="s1"><topic id="e0"><title></title></topic><title>画布 1</title></sheet>
<sheet id="s2"><topic id="r"><title>数据结构</title><children><topics type="attached">
  <topic id="a"><title>线性表</title></topic><topic id="b"><title>树</title></topic></topics>
  <topics type="detached"><topic id="f"><title>课外阅读</title></topic></topics></children></topic><title>第一章 数据结构</title></sheet>
<sheet id="s3"><topic id="r3"><title>算法 ${STAMP}</title><children><topics type="attached">
  <topic id="c"><title>排序</title></topic><topic id="d"><title>查找</title></topic></topics></children></topic><title>${SHEET_TWO}</title></sheet>
</xmap-content>`;

before(async () => {
  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
  await signIn(page, "teacher");
});

after(async () => {
  await context?.close();
});

test("a multi-sheet XMind is previewed, one sheet picked and imported", async () => {
  await page.goto(`${BASE_URL}/knowledgeGraph/index`);
  await page.getByTestId("import-graph").click();
  const dialog = page.getByTestId("create-graph");
  await dialog.getByTestId("create-file").setInputFiles({ name: "多画布.xmind", mimeType: "application/zip", buffer: storedZip({ "content.xml": CONTENT }) });
  const report = dialog.getByTestId("import-report");
  await report.waitFor();
  // Sheet 1 is empty: two graphs of 4 and 3 topics, and the empty sheet is a note.
  assert.match(await dialog.getByTestId("import-summary").innerText(), /7/);
  const options = await dialog.getByTestId("import-sheet").locator("option").allInnerTexts();
  assert.equal(options.length, 3, options.join(" | "));
  assert.ok(options[2].startsWith(SHEET_TWO), options[2]);
  await dialog.getByTestId("import-notes").locator("summary").click();
  assert.match(await dialog.getByTestId("import-notes").innerText(), /画布 1/);
  await dialog.getByTestId("import-sheet").selectOption(SHEET_TWO);
  await dialog.getByTestId("create-submit").click();
  await page.waitForURL("**/knowledgeGraph/knowledgeTree/*");
  const graphId = Number(page.url().split("/").pop());
  await page.locator(`[data-testid=tree-row]:has(span[title="排序"])`).waitFor();
  const session = JSON.parse(await page.evaluate(() => window.localStorage.getItem("zhitu.session")));
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const detail = await (await fetch(`${BASE_URL}/basic-api/api/graphList/${graphId}`, { headers })).json();
  assert.equal(detail.result.name, `算法 ${STAMP}`);
  await fetch(`${BASE_URL}/basic-api/api/graphList/${graphId}`, { method: "DELETE", headers });
});
