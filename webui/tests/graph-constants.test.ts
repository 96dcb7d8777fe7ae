import { describe, expect, it } from "vitest";
import { NODE_PALETTE } from "@/lib/graph/entities";
import { HORIZONTAL_GAP, VERTICAL_GAP, WRAP_EVERY } from "@/lib/graph/mind-map-layout";
import { CYCLED_PALETTE, MAX_NODE_SIZE, MIN_NODE_SIZE } from "@/lib/graph/relation-graph";
import { DEFAULT_ABILITY_LEVELS } from "@/lib/graph/validation";
import { AUTO_ZOOM, MIND_MAP_ZOOM, RELATION_ZOOM, REFRESH_LOCK_MS, ZOOM_STEP } from "@/lib/graph/viewport";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_SIZES } from "@/lib/paging";

// The graph area's numbers exactly as SPEC §9 gives them; the other tests check the maths built on them.
describe("SPEC §9 constants of the graph area", () => {
  it("mind map: gaps 14 and 100, labels wrapped every 30 characters, zoom 0.1 to 2", () => {
    expect([VERTICAL_GAP, HORIZONTAL_GAP, WRAP_EVERY]).toEqual([14, 100, 30]);
    expect(MIND_MAP_ZOOM).toEqual({ min: 0.1, max: 2 });
  });

  it("relation graph: zoom 0.1 to 3, node sizes 50 to 80, a cycled palette of 20", () => {
    expect(RELATION_ZOOM).toEqual({ min: 0.1, max: 3 });
    expect([MIN_NODE_SIZE, MAX_NODE_SIZE]).toEqual([50, 80]);
    expect(CYCLED_PALETTE).toHaveLength(20);
    expect(NODE_PALETTE).toHaveLength(16);
  });

  it("auto zoom 0.8, step 0.1, refresh lock 1000 ms", () => {
    expect([AUTO_ZOOM, ZOOM_STEP, REFRESH_LOCK_MS]).toEqual([0.8, 0.1, 1000]);
  });

  it("page sizes 10, 20, 30, 50, 100 with 10 first, at most 10000", () => {
    expect([...PAGE_SIZES]).toEqual([10, 20, 30, 50, 100]);
    expect([DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE]).toEqual([10, 10000]);
  });

  it("default ability levels: excellent 90-100 down to fail 0-60, lower bounds inclusive", () => {
    expect(DEFAULT_ABILITY_LEVELS.map((level) => [level.rangeStart, level.rangeEnd, level.rangeStartType])).toEqual([
      [90, 100, 1],
      [80, 90, 1],
      [70, 80, 1],
      [60, 70, 1],
      [0, 60, 1],
    ]);
  });
});
