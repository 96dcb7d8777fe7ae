import { describe, expect, it } from "vitest";
import { IN_VIEW_BUDGET, zoomFloor } from "@/lib/graph/relation-graph";

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
