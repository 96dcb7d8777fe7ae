import { describe, expect, it } from "vitest";
import { formulaSource, mathParts } from "@/lib/graph/math";

describe("formulas in descriptions", () => {
  it("takes a formula segment's LaTeX with or without its delimiters", () => {
    expect(formulaSource("E=mc^2")).toBe("E=mc^2");
    expect(formulaSource(" $E=mc^2$ ")).toBe("E=mc^2");
    expect(formulaSource("$$\\sum_{i=1}^n i$$")).toBe("\\sum_{i=1}^n i");
    expect(formulaSource("\\[x\\]")).toBe("x");
    expect(formulaSource("$")).toBe("$");
  });

  it("finds inline and display formulas in text, leaving escaped and lone dollars as text", () => {
    expect(mathParts("时间复杂度 $O(n^2)$，空间 $$O(1)$$。")).toEqual([
      { kind: "text", text: "时间复杂度 " },
      { kind: "math", text: "O(n^2)" },
      { kind: "text", text: "，空间 " },
      { kind: "math", text: "O(1)", display: true },
      { kind: "text", text: "。" },
    ]);
    expect(mathParts("价格 \\$5 与 $")).toEqual([{ kind: "text", text: "价格 $5 与 $" }]);
    expect(mathParts("")).toEqual([]);
  });
});
