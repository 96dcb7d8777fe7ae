// The relation graph benches' network (issue 16): a course tree with a third as many relations
// again between its points, imported as a zhitu-graph document by the teacher account.
import { BASE_URL, PASSWORD } from "../e2e/browser.mjs";

const API_URL = process.env.ZHITU_API_URL ?? BASE_URL;
const RELATION_TYPES = ["Behind", "Mutual", "Extend"];

/** A zhitu-graph document: chapters, sections and points (teaching template) and relations between points. */
export function makeNetwork(count) {
  let made = 1;
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const root = { id: "n0", name: `关系图基准 ${count}`, type: "KnowGraph", children: [] };
  const points = [];
  for (let c = 0; made < count; c++) {
    const chapter = { id: `n${made++}`, name: `第${c + 1}章`, type: "KnowUnit", children: [] };
    root.children.push(chapter);
    for (let s = 0; s < 6 && made < count; s++) {
      const section = { id: `n${made++}`, name: `第${c + 1}章第${s + 1}节`, type: "KnowUnit", children: [] };
      chapter.children.push(section);
      for (let p = 0; p < 8 && made < count; p++) {
        const point = { id: `n${made++}`, name: `知识点 ${c + 1}-${s + 1}-${p + 1}`, type: "KnowPoint", children: [] };
        section.children.push(point);
        points.push(point.id);
      }
    }
  }
  const relations = [];
  const seen = new Set();
  for (let i = 0; i < Math.round(count / 3); i++) {
    const start = points[Math.floor(random() * points.length)];
    const target = points[Math.floor(random() * points.length)];
    const type = RELATION_TYPES[i % RELATION_TYPES.length];
    if (start === target || seen.has(`${start}>${target}`) || seen.has(`${target}>${start}`)) continue;
    seen.add(`${start}>${target}`);
    relations.push({ start, target, type, attributes: {} });
  }
  const fill = (node) => ({ desc: "", define: "", attributes: {}, tags: [], isCore: false, ...node, children: node.children.map(fill) });
  return { format: "zhitu-graph", version: 1, name: root.name, template: "teaching", description: "", root: fill(root), relations };
}

export async function login() {
  const answer = await (await fetch(`${API_URL}/basic-api/api/Authorize/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userName: "teacher", password: PASSWORD }),
  })).json();
  return answer.result.accessToken;
}

export async function createGraph(token, document) {
  const form = new FormData();
  form.set("file", new Blob([JSON.stringify(document)], { type: "application/json" }), `relations-${document.name}.json`);
  form.set("name", document.name);
  const answer = await (await fetch(`${API_URL}/basic-api/api/graphList`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form })).json();
  if (answer.code !== 0) throw new Error(answer.message);
  return answer.result.id;
}
