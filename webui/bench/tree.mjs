// A deterministic mind-map-shaped tree of n nodes (chapters, sections, points with CJK names of
// varied length), as an OPML outline for the platform and as simple-mind-map data for the baseline.
const WORDS = ["线性表", "顺序存储", "链式存储", "栈与队列", "递归", "二叉树的遍历", "哈夫曼编码", "图的最短路径", "拓扑排序", "散列查找", "平衡二叉树", "快速排序"];

export function makeTree(count) {
  let made = 1;
  const root = { name: `基准测试 ${count} 节点`, children: [] };
  const chapters = Math.max(4, Math.round(Math.sqrt(count) / 3));
  const queue = [];
  for (let c = 0; c < chapters && made < count; c++, made++) {
    const chapter = { name: `第${c + 1}章 ${WORDS[c % WORDS.length]}`, children: [] };
    root.children.push(chapter);
    queue.push(chapter);
  }
  // Breadth-first with a fan-out of eight, so the tree is wide and a few levels deep.
  for (let p = 0; made < count; p++) {
    for (let k = 0; k < 8 && made < count; k++, made++) {
      const child = { name: `${WORDS[made % WORDS.length]}${"的性质与应用".slice(0, made % 7)} ${made}`, children: [] };
      queue[p].children.push(child);
      queue.push(child);
    }
  }
  return root;
}

const escape = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export function toOpml(tree) {
  const lines = [];
  const walk = (node, depth) => {
    const pad = "  ".repeat(depth);
    if (node.children.length === 0) lines.push(`${pad}<outline text="${escape(node.name)}"/>`);
    else {
      lines.push(`${pad}<outline text="${escape(node.name)}">`);
      node.children.forEach((child) => walk(child, depth + 1));
      lines.push(`${pad}</outline>`);
    }
  };
  walk(tree, 2);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">\n  <head><title>${escape(tree.name)}</title></head>\n  <body>\n${lines.join("\n")}\n  </body>\n</opml>\n`;
}

export function toSimpleMindMap(tree) {
  return { data: { text: tree.name }, children: tree.children.map(toSimpleMindMap) };
}

export function countOf(tree) {
  return 1 + tree.children.reduce((sum, child) => sum + countOf(child), 0);
}
