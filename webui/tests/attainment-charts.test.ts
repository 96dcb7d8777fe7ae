import { describe, expect, it } from "vitest";
import { attainmentColor, bars, polygon, radarPoints, thresholdY } from "@/lib/attainment/charts";

describe("attainment charts", () => {
  it("draws bars in proportion and none for a missing value", () => {
    const drawn = bars([1, 0.5, null], 300, 100, 0);
    expect(drawn.map((b) => b.height)).toEqual([100, 50, 0]);
    expect(drawn.map((b) => b.x)).toEqual([0, 100, 200]);
    expect(drawn[1].y).toBe(50);
  });

  it("clamps values and puts the threshold line from the bottom", () => {
    expect(bars([1.4, -1], 100, 10, 0).map((b) => b.height)).toEqual([10, 0]);
    expect(thresholdY(0.6, 100)).toBeCloseTo(40);
  });

  it("starts the radar at the top and goes clockwise", () => {
    const points = radarPoints([1, 1, 1, 1], 50, 50, 10);
    expect(points[0][0]).toBeCloseTo(50);
    expect(points[0][1]).toBeCloseTo(40);
    expect(points[1][0]).toBeCloseTo(60);
    expect(polygon([[1, 2]])).toBe("1.0,2.0");
  });

  it("colours by the threshold", () => {
    expect(attainmentColor(0.5, 0.6)).toBe("#f5222d");
    expect(attainmentColor(0.65, 0.6)).toBe("#faad14");
    expect(attainmentColor(0.8, 0.6)).toBe("#52c41a");
    expect(attainmentColor(null, 0.6)).toBe("#bfbfbf");
  });
});
