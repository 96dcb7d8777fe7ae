import { describe, expect, it } from "vitest";
import type { AttributeDefinition } from "@/lib/api/graph-types";
import { FORMULA_PREFIX, isDescriptionEmpty, joinDescription, splitDescription } from "@/lib/graph/description";
import { DEFAULT_ABILITY_LEVELS, attributeForSending, checkAbilityLevels, checkAttribute, checkAttributes, checkCourseName, formatDateTime, isHexColour } from "@/lib/graph/validation";
import { canMove, collapsedBeyond, dropTarget, indexTree, moveItem, pathTo, topmost, visibleRows } from "@/lib/graph/tree-ops";

function definition(patch: Partial<AttributeDefinition>): AttributeDefinition {
  return { code: "x", name: "字段", valueType: "text", valueLength: null, defaultValue: null, isEdit: true, isNull: true, sort: 0, param: null, ...patch };
}

describe("attribute checks (SPEC §5)", () => {
  it("asks to complete a required editable field first", () => {
    expect(checkAttribute(definition({ isNull: false }), " ")?.key).toBe("completeFirst");
    expect(checkAttribute(definition({ isNull: false, isEdit: false }), "")).toBeNull();
  });
  it("keeps integers and decimals at 0 or more, decimals within their precision", () => {
    expect(checkAttribute(definition({ valueType: "integer" }), "-1")?.key).toBe("minZeroInteger");
    expect(checkAttribute(definition({ valueType: "integer" }), "1.5")?.key).toBe("minZeroInteger");
    expect(checkAttribute(definition({ valueType: "integer", valueLength: 2 }), "123")?.key).toBe("tooManyDigits");
    expect(checkAttribute(definition({ valueType: "decimal", param: { precision: 1 } }), "2.5")).toBeNull();
    expect(checkAttribute(definition({ valueType: "decimal", param: { precision: 1 } }), "2.50")).toBeNull();
    expect(checkAttribute(definition({ valueType: "decimal", param: { precision: 1 } }), "2.55")?.key).toBe("precision");
    expect(checkAttribute(definition({ valueType: "decimal" }), "-2")?.key).toBe("minZeroNumber");
  });
  it("limits text to the field length and checks dates, options and list rows", () => {
    expect(checkAttribute(definition({ valueLength: 3 }), "abcd")?.key).toBe("tooLong");
    expect(checkAttribute(definition({ valueType: "datetime" }), "2026-01-02 09:30")).toBeNull();
    expect(checkAttribute(definition({ valueType: "datetime" }), "2026/01/02")?.key).toBe("datetime");
    expect(checkAttribute(definition({ valueType: "list", param: { options: ["易", "难"] } }), "中")?.key).toBe("option");
    expect(checkAttribute(definition({ valueType: "group" }), [{ a: "1" }, { a: " " }])?.key).toBe("emptyRow");
  });
  it("reports the first problem in the definitions' order", () => {
    const definitions = [definition({ code: "b", name: "B", sort: 1, isNull: false }), definition({ code: "a", name: "A", sort: 0, valueType: "integer" })];
    expect(checkAttributes(definitions, { a: "x", b: "" })?.values?.name).toBe("A");
  });
  it("trims text and sends numbers as numbers", () => {
    expect(attributeForSending(definition({}), "  hi ")).toBe("hi");
    expect(attributeForSending(definition({ valueType: "decimal" }), "2.5")).toBe(2.5);
    expect(attributeForSending(definition({}), "  ")).toBeNull();
  });
});

describe("ability levels", () => {
  it("accepts the default bands of SPEC §9", () => {
    expect(checkAbilityLevels(DEFAULT_ABILITY_LEVELS)).toBeNull();
    expect(DEFAULT_ABILITY_LEVELS.map((l) => [l.rangeStart, l.rangeEnd])).toEqual([[90, 100], [80, 90], [70, 80], [60, 70], [0, 60]]);
  });
  it("needs a name, scores 0 to 100 and an end above the start", () => {
    const level = DEFAULT_ABILITY_LEVELS[0];
    expect(checkAbilityLevels([{ ...level, name: " " }])?.key).toBe("levelName");
    expect(checkAbilityLevels([{ ...level, rangeEnd: 101 }])?.key).toBe("levelRange");
    expect(checkAbilityLevels([{ ...level, rangeStart: 90, rangeEnd: 90 }])?.key).toBe("levelOrder");
  });
});

describe("small formats", () => {
  it("formats dates as YYYY-MM-DD HH:mm and checks hex colours and course names", () => {
    expect(formatDateTime(new Date(2026, 0, 2, 9, 5))).toBe("2026-01-02 09:05");
    expect(isHexColour("#0960bd")).toBe(true);
    expect(isHexColour("#abc")).toBe(true);
    expect(isHexColour("0960bd")).toBe(false);
    expect(isHexColour("#abcd")).toBe(false);
    expect(checkCourseName("  ")?.key).toBe("courseName");
  });
  it("splits and joins description segments, formulas kept apart", () => {
    const desc = `第一段##${FORMULA_PREFIX}a^2+b^2##第三段`;
    const segments = splitDescription(desc);
    expect(segments.map((s) => s.kind)).toEqual(["text", "formula", "text"]);
    expect(joinDescription(segments)).toBe(desc);
    expect(joinDescription([...segments, { kind: "text", text: "  " }])).toBe(desc);
    expect(isDescriptionEmpty([{ kind: "text", text: "<p>&nbsp;</p>" }])).toBe(true);
    expect(isDescriptionEmpty(segments)).toBe(false);
  });
});

describe("tree operations", () => {
  interface Item {
    id: number;
    childs: Item[];
  }
  const t = (id: number, childs: Item[] = []): Item => ({ id, childs });
  const root = t(1, [t(2, [t(4), t(5)]), t(3)]);
  const index = indexTree(root);

  it("finds paths and refuses moves into the node's own subtree or of the root", () => {
    expect(pathTo(index, 5)).toEqual([1, 2, 5]);
    expect(canMove(index, 2, 4)).toBe(false);
    expect(canMove(index, 2, 2)).toBe(false);
    expect(canMove(index, 1, 3)).toBe(false);
    expect(canMove(index, 4, 3)).toBe(true);
  });
  it("turns a drop into a parent and a position", () => {
    expect(dropTarget(index, 4, 3, "inside")).toEqual({ parentId: 3, position: 0 });
    expect(dropTarget(index, 5, 4, "before")).toEqual({ parentId: 2, position: 0 });
    expect(dropTarget(index, 4, 5, "after")).toEqual({ parentId: 2, position: 1 });
    expect(dropTarget(index, 3, 2, "after")).toEqual({ parentId: 1, position: 1 });
    expect(dropTarget(index, 2, 1, "before")).toBeNull();
    expect(dropTarget(index, 2, 5, "inside")).toBeNull();
  });
  it("keeps only the topmost of a multi-selection, collapses by depth and reorders lists", () => {
    expect(topmost(index, [4, 2, 3])).toEqual([2, 3]);
    expect([...collapsedBeyond(root, 1)]).toEqual([2]);
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
  });
});

describe("tree panel rows", () => {
  interface Item {
    id: number;
    childs: Item[];
  }
  const t = (id: number, childs: Item[] = []): Item => ({ id, childs });
  const root = t(1, [t(2, [t(4), t(5)]), t(3)]);
  const ids = (rows: ReturnType<typeof visibleRows<Item>>) => rows.map((row) => (row.kind === "node" ? `${row.node.id}@${row.depth}` : `+${row.anchorId}@${row.depth}`));

  it("lists open branches in order with their depth", () => {
    expect(ids(visibleRows(root, new Set()))).toEqual(["1@0", "2@1", "4@2", "5@2", "3@1"]);
    expect(ids(visibleRows(root, new Set([2])))).toEqual(["1@0", "2@1", "3@1"]);
  });
  it("puts the naming row after the anchor's subtree, one level deeper for a child", () => {
    expect(ids(visibleRows(root, new Set(), { anchorId: 2, mode: "child" }))).toEqual(["1@0", "2@1", "4@2", "5@2", "+2@2", "3@1"]);
    expect(ids(visibleRows(root, new Set(), { anchorId: 2, mode: "sibling" }))).toEqual(["1@0", "2@1", "4@2", "5@2", "+2@1", "3@1"]);
  });
});
