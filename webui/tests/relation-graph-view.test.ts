import { describe, expect, it } from "vitest";
import { IN_VIEW_BUDGET, LABEL_ROOM_PX, cellsAround, gridOf, idsInCells, labelScale, labelZoom, neighbourhoods, nodesNamed, sameCells, separated, typesBetween, zoomFloor } from "@/lib/graph/relation-graph";

describe("zoomFloor (issue 16: a big network never mounts all its nodes at once)", () => {
  const grid = (n: number, step: number) => Array.from({ length: n }, (_, i) => ({ x: (i % 100) * step, y: Math.floor(i / 100) * step }));
  const inView = (places: { x: number; y: number }[], centre: { x: number; y: number }, zoom: number) =>
    places.filter(({ x, y }) => Math.abs(x - centre.x) <= 1200 / 2 / zoom && Math.abs(y - centre.y) <= 800 / 2 / zoom).length;
  it("keeps the floor for networks within the budget", () => {
    expect(zoomFloor(grid(IN_VIEW_BUDGET - 50, 200), { x: 0, y: 0 }, 1200, 800, 0.1)).toBe(0.1);
  });
  it("zooms so that about the budget is in view around the centre", () => {
    const places = grid(5000, 200);
    const centre = { x: 50 * 200, y: 25 * 200 };
    const zoom = zoomFloor(places, centre, 1200, 800, 0.1);
    expect(zoom).toBeGreaterThan(0.1);
    expect(inView(places, centre, zoom)).toBeGreaterThanOrEqual(IN_VIEW_BUDGET);
    expect(inView(places, centre, zoom)).toBeLessThan(IN_VIEW_BUDGET * 1.2);
  });
  it("counts a dense middle, not the average", () => {
    const dense = Array.from({ length: 2000 }, (_, i) => ({ x: (i % 50) * 100, y: Math.floor(i / 50) * 100 }));
    const sparse = Array.from({ length: 2000 }, (_, i) => ({ x: 100_000 + (i % 50) * 2000, y: Math.floor(i / 50) * 2000 }));
    const centre = { x: 2500, y: 2000 };
    const zoom = zoomFloor([...dense, ...sparse], centre, 1200, 800, 0.1);
    expect(inView([...dense, ...sparse], centre, zoom)).toBeLessThan(IN_VIEW_BUDGET * 1.2);
  });
  it("never above 1", () => {
    expect(zoomFloor(grid(5000, 1), { x: 0, y: 0 }, 1200, 800, 0.1)).toBe(1);
  });
});

describe("relation graph details (issue 17: a relation graph like Bloom)", () => {
  const type = (code: string, effectScope: { startEntityCode: string; endEntityCode: string }[] = []) => ({ code, name: code, color: "", directed: true, effectScope });
  it("offers only the relation types the template allows for the pair, never the tree edge", () => {
    const types = [type("Contain"), type("Behind", [{ startEntityCode: "KnowPoint", endEntityCode: "KnowPoint" }]), type("Mutual"), type("Extend", [{ startEntityCode: "KnowUnit", endEntityCode: "KnowPoint" }])];
    expect(typesBetween(types, "KnowPoint", "KnowPoint").map((t) => t.code)).toEqual(["Behind", "Mutual"]);
    expect(typesBetween(types, "KnowUnit", "KnowPoint").map((t) => t.code)).toEqual(["Mutual", "Extend"]);
    expect(typesBetween(types, "KnowPoint", "KnowUnit").map((t) => t.code)).toEqual(["Mutual"]);
  });
  it("knows each node's neighbours both ways", () => {
    const around = neighbourhoods([{ startNodeId: 1, targetNodeId: 2 }, { startNodeId: 3, targetNodeId: 1 }]);
    expect([...around.get(1)!].sort()).toEqual([2, 3]);
    expect([...around.get(2)!]).toEqual([1]);
  });
  it("shows every label from the zoom where the typical spacing leaves room for it", () => {
    const spaced = (step: number) => Array.from({ length: 400 }, (_, i) => ({ x: (i % 20) * step, y: Math.floor(i / 20) * step }));
    expect(labelZoom(spaced(LABEL_ROOM_PX * 2))).toBeCloseTo(0.5);
    expect(labelZoom(spaced(LABEL_ROOM_PX / 4))).toBe(1);
    expect(labelZoom(spaced(LABEL_ROOM_PX * 100))).toBe(0.2);
  });
  it("grows labels below zoom 1 so they keep their size on screen", () => {
    expect(labelScale(2)).toBe(1);
    expect(labelScale(0.5) * 0.5).toBeCloseTo(1);
  });
  it("parts bubbles that lie on each other and leaves spaced ones alone", () => {
    const places = [{ id: 1, x: 0, y: 0 }, { id: 2, x: 10, y: 0 }, { id: 3, x: 10, y: 0 }, { id: 4, x: 1000, y: 1000 }];
    const parted = separated(places, 100, 30);
    const ids = [1, 2, 3];
    for (const a of ids) for (const b of ids) {
      if (a < b) expect(Math.hypot(parted.get(a)!.x - parted.get(b)!.x, parted.get(a)!.y - parted.get(b)!.y)).toBeGreaterThan(90);
    }
    expect(parted.get(4)).toEqual({ x: 1000, y: 1000 });
    expect(separated(places, 100, 30)).toEqual(parted);
  });
  it("finds nodes by name, those starting with the query first", () => {
    const nodes = [{ name: "二叉树遍历" }, { name: "树的高度" }, { name: "栈" }, { name: "树" }];
    expect(nodesNamed(nodes, "树").map((n) => n.name)).toEqual(["树", "树的高度", "二叉树遍历"]);
    expect(nodesNamed(nodes, "  ")).toEqual([]);
    expect(nodesNamed(nodes, "树", 1).map((n) => n.name)).toEqual(["树"]);
  });
});

describe("the window of mounted nodes (issue 16: only nodes near the viewport are mounted)", () => {
  const centres = new Map([[1, { x: 10, y: 10 }], [2, { x: 450, y: 10 }], [3, { x: 2000, y: 2000 }], [4, { x: -30, y: 390 }]]);
  const grid = gridOf(centres, 400);
  it("finds the nodes in the cells around a viewport", () => {
    const range = cellsAround({ x: 0, y: 0, width: 500, height: 300 }, 0, 400);
    expect([...idsInCells(grid, range)].sort()).toEqual([1, 2]);
    const wider = cellsAround({ x: 0, y: 0, width: 500, height: 300 }, 0.2, 400);
    expect([...idsInCells(grid, wider)].sort()).toEqual([1, 2, 4]);
  });
  it("keeps the same range while a pan stays within the cells", () => {
    const a = cellsAround({ x: 10, y: 10, width: 500, height: 300 }, 0, 400);
    const b = cellsAround({ x: 30, y: 20, width: 500, height: 300 }, 0, 400);
    expect(sameCells(a, b)).toBe(true);
    expect(sameCells(a, cellsAround({ x: 1000, y: 10, width: 500, height: 300 }, 0, 400))).toBe(false);
  });
});
