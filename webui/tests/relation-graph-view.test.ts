import { describe, expect, it } from "vitest";
import { IN_VIEW_BUDGET, MAX_NODE_SIZE, zoomFloor } from "@/lib/graph/relation-graph";

describe("zoomFloor (issue 16: a big network never mounts all its nodes at once)", () => {
  const grid = (n: number, step: number) => Array.from({ length: n }, (_, i) => ({ x: (i % 100) * step, y: Math.floor(i / 100) * step }));
  it("keeps the floor for networks within the budget", () => {
    expect(zoomFloor(grid(IN_VIEW_BUDGET - 50, 200), 1200, 800, 0.1)).toBe(0.1);
  });
  it("raises the floor so about the budget fits in view", () => {
    const zoom = zoomFloor(grid(5000, 200), 1200, 800, 0.1);
    const inView = ((1200 / zoom) * (800 / zoom)) / (((99 * 200 + MAX_NODE_SIZE) * (49 * 200 + MAX_NODE_SIZE)) / 5000);
    expect(zoom).toBeGreaterThan(0.1);
    expect(Math.round(inView)).toBe(IN_VIEW_BUDGET);
  });
  it("never above 1", () => {
    expect(zoomFloor(grid(5000, 1), 1200, 800, 0.1)).toBe(1);
  });
});
