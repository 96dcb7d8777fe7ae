import { describe, expect, it } from "vitest";
import { AUTO_ZOOM, MIND_MAP_ZOOM, RELATION_ZOOM, clampZoom, insideCentralArea, mostOverlapped, stepZoom } from "@/lib/graph/viewport";
import { MAX_NODE_SIZE, MIN_NODE_SIZE, degreesOf, relationColours, ringAround, sizeByDegree, visibleRelations } from "@/lib/graph/relation-graph";

describe("zoom", () => {
  it("keeps the mind map between 0.1 and 2 and the relation graph between 0.1 and 3", () => {
    expect(clampZoom(5, MIND_MAP_ZOOM)).toBe(2);
    expect(clampZoom(0.01, MIND_MAP_ZOOM)).toBe(0.1);
    expect(clampZoom(2.5, RELATION_ZOOM)).toBe(2.5);
    expect(clampZoom(4, RELATION_ZOOM)).toBe(3);
  });
  it("steps by 0.1 without drifting and stops at the bounds", () => {
    let zoom = AUTO_ZOOM;
    for (let i = 0; i < 3; i++) zoom = stepZoom(zoom, 1, MIND_MAP_ZOOM);
    expect(zoom).toBe(1.1);
    expect(stepZoom(2, 1, MIND_MAP_ZOOM)).toBe(2);
    expect(stepZoom(0.1, -1, MIND_MAP_ZOOM)).toBe(0.1);
  });
  it("centres only nodes outside the central area", () => {
    const canvas = { width: 1000, height: 600 };
    expect(insideCentralArea({ x: 450, y: 280, width: 100, height: 30 }, canvas)).toBe(true);
    expect(insideCentralArea({ x: 20, y: 280, width: 100, height: 30 }, canvas)).toBe(false);
    expect(insideCentralArea({ x: 450, y: 560, width: 100, height: 30 }, canvas)).toBe(false);
  });
  it("drops a dragged node on the node it covers most, not the first it touches", () => {
    const dragged = { x: 100, y: 100, width: 100, height: 30 };
    const parent = { id: "循环队列", box: { x: 20, y: 90, width: 100, height: 30 } }; // touches 20 × 20
    const child = { id: "栈", box: { x: 110, y: 105, width: 100, height: 30 } }; // covers 90 × 25
    expect(mostOverlapped(dragged, [parent, child])).toBe("栈");
    expect(mostOverlapped(dragged, [parent])).toBe("循环队列");
    expect(mostOverlapped(dragged, [{ id: "far", box: { x: 300, y: 300, width: 50, height: 20 } }])).toBeNull();
  });
});

describe("relation graph", () => {
  it("sizes nodes 50 to 80 by degree", () => {
    const degrees = degreesOf([1, 2, 3], [
      { startNodeId: 1, targetNodeId: 2 },
      { startNodeId: 1, targetNodeId: 3 },
      { startNodeId: 1, targetNodeId: 9 },
    ]);
    expect(degrees.get(1)).toBe(3);
    const sizes = sizeByDegree(degrees);
    expect(sizes.get(1)).toBe(MAX_NODE_SIZE);
    expect(sizes.get(2)).toBe(MIN_NODE_SIZE);
    expect(sizeByDegree(new Map([[1, 4], [2, 4]])).get(1)).toBe(MIN_NODE_SIZE);
  });
  it("colours types from the template, else from the cycled palette", () => {
    const colours = relationColours(["Behind", "Other"], [{ code: "Behind", name: "先修", color: "#fa541c", directed: true, effectScope: [] }]);
    expect(colours.get("Behind")).toBe("#fa541c");
    expect(colours.get("Other")).toMatch(/^#[0-9a-f]{6}$/);
  });
  it("filters hidden types", () => {
    const relations = [{ relationshipType: "Contain" }, { relationshipType: "Behind" }];
    expect(visibleRelations(relations, new Set(["Contain"]))).toEqual([{ relationshipType: "Behind" }]);
  });
  it("rings related nodes around the centre", () => {
    const ring = ringAround(1, [2, 3, 4, 5], 100);
    expect(ring[0]).toEqual({ id: 1, x: 0, y: 0 });
    expect(ring[1]).toEqual({ id: 2, x: 0, y: -100 });
    for (const p of ring.slice(1)) expect(Math.hypot(p.x, p.y)).toBeCloseTo(100, 0);
  });
});
