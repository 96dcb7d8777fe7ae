import { describe, expect, it } from "vitest";
import { HORIZONTAL_GAP, VERTICAL_GAP, boxSize, layoutMindMap, splitSides, wrapLabel, type LayoutSource } from "@/lib/graph/mind-map-layout";
import { collapsedBeyond } from "@/lib/graph/tree-ops";

function node(id: number, childs: LayoutSource[] = [], direction: "left" | "right" | null = null, name = `节点${id}`): LayoutSource {
  return { id, name, direction, childs };
}

describe("wrapLabel", () => {
  it("wraps every 30 characters, counting characters not UTF-16 units", () => {
    expect(wrapLabel("a".repeat(65))).toEqual(["a".repeat(30), "a".repeat(30), "a".repeat(5)]);
    expect(wrapLabel("数".repeat(31))).toHaveLength(2);
    expect(wrapLabel("𝑥".repeat(30))).toHaveLength(1);
  });
  it("keeps a short label on one line and never returns no line", () => {
    expect(wrapLabel("栈")).toEqual(["栈"]);
    expect(wrapLabel("")).toEqual([" "]);
  });
  it("makes wrapped boxes taller and CJK boxes wider than Latin ones", () => {
    expect(boxSize(wrapLabel("a".repeat(40)), 14).height).toBeGreaterThan(boxSize(["a"], 14).height);
    expect(boxSize(["数据结构"], 14).width).toBeGreaterThan(boxSize(["abcd"], 14).width);
  });
});

describe("splitSides", () => {
  it("keeps stored directions", () => {
    const sides = splitSides([node(1, [], "left"), node(2, [], "left"), node(3, [], "right")]);
    expect([...sides.values()]).toEqual(["left", "left", "right"]);
  });
  it("balances children without a direction by their visible size", () => {
    const big = node(1, [node(11), node(12), node(13), node(14)]);
    const sides = splitSides([big, node(2), node(3), node(4)]);
    expect(sides.get(1)).toBe("right");
    expect([2, 3, 4].map((id) => sides.get(id))).toEqual(["left", "left", "left"]);
  });
  it("counts a collapsed branch as one node", () => {
    const big = node(1, [node(11), node(12), node(13), node(14)]);
    const sides = splitSides([big, node(2), node(3)], new Set([1]));
    expect(sides.get(2)).toBe("left");
    expect(sides.get(3)).toBe("right");
  });
});

describe("layoutMindMap", () => {
  const tree = node(0, [node(1, [node(11), node(12)], "right"), node(2, [node(21)], "left")]);

  it("puts right children right of the root and left children left of it, 100 apart", () => {
    const { nodes } = layoutMindMap(tree);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const root = byId.get(0)!;
    expect(byId.get(1)!.x).toBe(root.x + root.width + HORIZONTAL_GAP);
    expect(byId.get(2)!.x + byId.get(2)!.width).toBe(root.x - HORIZONTAL_GAP);
    expect(byId.get(21)!.x).toBeLessThan(byId.get(2)!.x);
    expect(byId.get(21)!.side).toBe("left");
  });

  it("stacks siblings 14 apart and centres a parent on its children", () => {
    const { nodes } = layoutMindMap(tree);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const [a, b] = [byId.get(11)!, byId.get(12)!];
    expect(b.y - (a.y + a.height)).toBe(VERTICAL_GAP);
    const parent = byId.get(1)!;
    expect(parent.y + parent.height / 2).toBeCloseTo((a.y + b.y + b.height) / 2);
  });

  it("leaves collapsed branches out and marks them", () => {
    const { nodes, edges } = layoutMindMap(tree, { collapsed: new Set([1]) });
    expect(nodes.map((n) => n.id).sort()).toEqual([0, 1, 2, 21]);
    expect(nodes.find((n) => n.id === 1)!.collapsed).toBe(true);
    expect(edges.map((e) => e.id).sort()).toEqual(["0-1", "0-2", "2-21"]);
  });

  it("never overlaps boxes on one side, and lays out thousands of nodes quickly", () => {
    const children: LayoutSource[] = [];
    let id = 1;
    for (let i = 0; i < 40; i++) {
      const grand: LayoutSource[] = [];
      for (let j = 0; j < 50; j++) grand.push(node(id++, [], null, "知识点".repeat(j % 15)));
      children.push(node(id++, grand));
    }
    const started = performance.now();
    const { nodes } = layoutMindMap(node(0, children));
    expect(performance.now() - started).toBeLessThan(500);
    expect(nodes).toHaveLength(2041);
    const columns = new Map<string, { y: number; height: number }[]>();
    for (const n of nodes) {
      const key = `${n.side}:${n.depth}`;
      columns.set(key, [...(columns.get(key) ?? []), n]);
    }
    for (const boxes of columns.values()) {
      boxes.sort((p, q) => p.y - q.y);
      for (let i = 1; i < boxes.length; i++) expect(boxes[i].y).toBeGreaterThanOrEqual(boxes[i - 1].y + boxes[i - 1].height + VERTICAL_GAP - 1e-6);
    }
  });
});

describe("the first stage of a big tree (searchTree with depth: nodes at the cut carry hasChilds)", () => {
  const whole = node(0, [node(1, [node(11, [node(111), node(112)]), node(12)]), node(2, [node(21, [node(211)])])]);
  const cut = (source: LayoutSource, depth: number): LayoutSource =>
    depth === 0 ? { ...source, childs: [], hasChilds: source.childs.length > 0 } : { ...source, childs: source.childs.map((child) => cut(child, depth - 1)) };
  const firstStage = cut(whole, 2);

  it("folds the same nodes as the whole tree would", () => {
    expect([...collapsedBeyond(firstStage, 2)].sort()).toEqual([...collapsedBeyond(whole, 2)].sort());
    expect([...collapsedBeyond(firstStage, 2)].sort()).toEqual([11, 21]);
  });

  it("draws the cut nodes folded, in the places the whole tree gives them", () => {
    const collapsed = collapsedBeyond(whole, 2);
    const early = layoutMindMap(firstStage, { collapsed });
    const late = layoutMindMap(whole, { collapsed });
    const place = (n: { id: number; x: number; y: number; collapsed: boolean; side: string }) => [n.id, n.x, n.y, n.collapsed, n.side];
    expect(early.nodes.map(place)).toEqual(late.nodes.map(place));
    expect(early.nodes.find((n) => n.id === 11)!.collapsed).toBe(true);
    expect(early.nodes.find((n) => n.id === 12)!.collapsed).toBe(false);
  });
});
