import { describe, expect, it } from "vitest";
import { listParams, pageLocally } from "@/lib/api/manage";
import { buildTree, ancestorsOf } from "@/lib/library/tree";
import { approvalFields, checkApply } from "@/lib/library/forms";
import { grownSize, nearBottom, PROJECT_PAGE } from "@/lib/library/paging";
import { checkAttributes } from "@/lib/manage/attributes";
import { cleanValues, hasAllowedSuffix, isHexColour, validateForm, withServerRules, type FieldSpec } from "@/lib/manage/form";
import { formatTime, fromDateInput, toDateInput } from "@/lib/manage/format";
import { filterIcons, iconPage, kebab, ICON_PAGE_SIZE } from "@/lib/manage/icons";
import { checkStructure } from "@/lib/manage/templates";
import { mergeMessages } from "@/lib/merge-messages";
import type { GraphNode } from "@/lib/api/graph-types";

describe("form rules (SPEC §5)", () => {
  it("checks hex colours: # and 3 or 6 hex digits", () => {
    expect(["#fff", "#0960bd", "#ABCDEF"].every(isHexColour)).toBe(true);
    expect(["fff", "#ffff", "#12345g", "#0960bd0", ""].some(isHexColour)).toBe(false);
  });

  it("allows only the source suffixes", () => {
    expect(["a.JPG", "b.jpeg", "c.png", "d.docx", "e.pdf", "f.txt"].every((n) => hasAllowedSuffix(n))).toBe(true);
    expect(hasAllowedSuffix("x.doc")).toBe(false);
    expect(hasAllowedSuffix("x.exe")).toBe(false);
  });

  const fields: FieldSpec[] = [
    { name: "name", label: "n", required: true, maxLength: 5 },
    { name: "password", label: "p", required: true, createOnly: true },
    { name: "color", label: "c", type: "color" },
    { name: "sort", label: "s", type: "number", min: 0 },
  ];

  it("reports required, length, colour and number problems; create-only fields only when creating", () => {
    expect(validateForm(fields, { name: "  ", password: "", color: "red", sort: "-1" }, false)).toEqual({
      name: "required",
      password: "required",
      color: "hexColour",
      sort: "tooSmall",
    });
    expect(validateForm(fields, { name: "abcdef", color: "#abc", sort: "2" }, true)).toEqual({ name: "tooLong" });
  });

  it("trims text and sends numbers as numbers", () => {
    expect(cleanValues(fields, { name: "  a ", password: "x", color: "", sort: "3" }, false)).toEqual({ name: "a", password: "x", color: null, sort: 3 });
    expect(cleanValues(fields, { name: "a", password: "x", color: "#fff", sort: "" }, true)).toEqual({ name: "a", color: "#fff", sort: null });
  });

  it("formats dates as YYYY-MM-DD HH:mm and round-trips date inputs", () => {
    const local = new Date(2026, 0, 5, 7, 3);
    expect(formatTime(local.toISOString())).toBe("2026-01-05 07:03");
    expect(formatTime(null)).toBe("");
    expect(toDateInput(fromDateInput("2026-03-09"))).toBe("2026-03-09");
  });
});

describe("list helpers", () => {
  it("sends page, pageSize, the keyword and the filters that are set", () => {
    expect(listParams({ page: 2, pageSize: 20, keyword: " x ", filters: { role: "10", unitId: "" } })).toEqual({ page: 2, pageSize: 20, name: "x", role: "10" });
    expect(listParams({ page: 1, pageSize: 10, keyword: "k", filters: {} }, "keyword")).toEqual({ page: 1, pageSize: 10, keyword: "k" });
  });

  it("pages whole lists in the browser", () => {
    const items = Array.from({ length: 25 }, (_, i) => ({ title: `t${i}` }));
    expect(pageLocally(items, { page: 3, pageSize: 10, keyword: "", filters: {} })).toEqual({ items: items.slice(20), total: 25 });
    expect(pageLocally(items, { page: 1, pageSize: 10, keyword: "T1", filters: {} }, (i, k) => i.title.includes(k)).total).toBe(11);
  });
});

describe("catalogue checks", () => {
  it("finds bad, duplicate and unnamed attribute codes", () => {
    const row = { valueType: "text", valueLength: null, defaultValue: null, isEdit: true, isNull: true, sort: 0, param: {} };
    const problems = checkAttributes([
      { ...row, code: "Difficulty", name: "难度" },
      { ...row, code: "Difficulty", name: "x" },
      { ...row, code: "1bad", name: "" },
    ]);
    expect(problems.map((p) => [p.index, p.key])).toEqual([
      [1, "codeDuplicate"],
      [2, "codeInvalid"],
      [2, "nameRequired"],
    ]);
  });

  it("wants exactly one root entity in a template", () => {
    expect(checkStructure([])).toBe("needEntity");
    expect(checkStructure([{ code: "A", isRoot: false, children: [] }])).toBe("oneRoot");
    expect(checkStructure([{ code: "A", isRoot: true, children: [] }, { code: "B", isRoot: true, children: [] }])).toBe("oneRoot");
    expect(checkStructure([{ code: "A", isRoot: true, children: ["B"] }, { code: "B", isRoot: false, children: [] }])).toBeNull();
  });

  it("pages icons 140 at a time with a pager only when there are that many", () => {
    const names = Array.from({ length: 300 }, (_, i) => `icon-${i}`);
    expect(ICON_PAGE_SIZE).toBe(140);
    expect(iconPage(names, 3)).toEqual({ items: names.slice(280), pages: 3, showPager: true });
    expect(iconPage(names.slice(0, 20), 1).showPager).toBe(false);
    expect(filterIcons(["arrow-up", "book", "book-open"], " BOOK ")).toEqual(["book", "book-open"]);
    expect(kebab("BookOpen")).toBe("book-open");
    expect(kebab("ALargeSmall")).toBe("a-large-small");
  });
});

describe("library", () => {
  it("checks the apply form (SPEC §5)", () => {
    expect(checkApply({ name: "", projectId: null, receiveUserId: null, remarks: " " })).toEqual({
      name: "nameRequired",
      projectId: "projectRequired",
      receiveUserId: "personRequired",
      remarks: "reasonRequired",
    });
    expect(checkApply({ name: "g", projectId: 1, receiveUserId: 2, remarks: "r" })).toEqual({});
  });

  it("checks the approval form by its fields (every invalid field at once)", () => {
    const fields = approvalFields({ state: "Decision", opinion: "Opinion" });
    expect(validateForm(fields, { state: null, opinion: " " }, false)).toEqual({ state: "required", opinion: "required" });
    expect(validateForm(withServerRules(fields, { opinion: { label: "Opinion", required: true, maxLength: 3 } }), { state: "3", opinion: "long" }, false)).toEqual({ opinion: "tooLong" });
    expect(validateForm(fields, { state: "3", opinion: "no" }, false)).toEqual({});
  });

  it("grows the project list by 50 near the bottom until all are loaded", () => {
    expect(PROJECT_PAGE).toBe(50);
    expect(grownSize(50, 50, 120)).toBe(100);
    expect(grownSize(100, 100, 120)).toBe(150);
    expect(grownSize(150, 120, 120)).toBeNull();
    expect(nearBottom(280, 200, 500)).toBe(true);
    expect(nearBottom(100, 200, 500)).toBe(false);
  });

  it("builds the preview tree from flat nodes in order", () => {
    const node = (id: number, parentId: number | null, order: number) => ({ id, parentId, order, name: String(id) }) as GraphNode;
    const root = buildTree([node(3, 1, 1), node(1, null, 0), node(2, 1, 0), node(4, 2, 0)]);
    expect(root?.id).toBe(1);
    expect(root?.childs.map((c) => c.id)).toEqual([2, 3]);
    expect(root?.childs[0].childs.map((c) => c.id)).toEqual([4]);
    expect(ancestorsOf([node(3, 1, 1), node(1, null, 0), node(2, 1, 0), node(4, 2, 0)], 4)).toEqual([2, 1]);
  });
});

describe("messages", () => {
  it("merges namespaces of several files one level deep", () => {
    expect(mergeMessages({ menu: { a: "1" }, x: { y: "2" } }, { menu: { b: "3" }, z: "4" })).toEqual({ menu: { a: "1", b: "3" }, x: { y: "2" }, z: "4" });
  });
});

describe("chart maths", async () => {
  const { arcPath, linePoints, niceMax, slices, ticks, toData } = await import("@/lib/manage/charts");
  it("rounds axes up to 1, 2 or 5 times a power of ten", () => {
    expect([0, 1, 3, 7, 12, 45, 462, 1000].map(niceMax)).toEqual([1, 1, 5, 10, 20, 50, 500, 1000]);
    expect(ticks(462)).toEqual([0, 125, 250, 375, 500]);
  });

  it("cuts slices by share and skips zeros; a single slice is a full ring", () => {
    const parts = slices([{ label: "a", value: 3 }, { label: "b", value: 0 }, { label: "c", value: 1 }]);
    expect(parts.map((p) => [p.datum.label, p.share])).toEqual([["a", 0.75], ["c", 0.25]]);
    expect(parts[1].a1).toBeCloseTo(Math.PI * 2);
    expect(slices([{ label: "z", value: 0 }])).toEqual([]);
    expect(arcPath(80, 80, 70, 44, 0, Math.PI * 2).match(/M /g)?.length).toBe(2);
  });

  it("scales line points into the box and sorts counts biggest first", () => {
    expect(linePoints([0, 5, 10], 100, 50, 10)).toEqual([[0, 50], [50, 25], [100, 0]]);
    expect(toData({ x: 1, y: 3 }, (k) => k.toUpperCase())).toEqual([{ label: "Y", value: 3 }, { label: "X", value: 1 }]);
  });
});

describe("settings drawer", async () => {
  const { DEFAULT_DISPLAY, htmlAttributes, pageFilter, THEME_COLOURS } = await import("@/lib/settings/display");
  it("turns grey and colour-weak modes into one page filter", () => {
    expect(pageFilter({ grayMode: false, colorWeak: false })).toBe("none");
    expect(pageFilter({ grayMode: true, colorWeak: true })).toBe("grayscale(100%) invert(80%)");
  });

  it("puts content mode, breadcrumb and theme colour on <html>", () => {
    expect(htmlAttributes({ ...DEFAULT_DISPLAY, contentMode: "fixed", showBreadCrumb: false }, "#009688")).toEqual({
      data: { content: "fixed", breadcrumb: "off" },
      style: { "--primary": "#009688", filter: "none" },
    });
    expect(THEME_COLOURS[0]).toBe("#0960bd");
  });
});

describe("required on create", () => {
  it("asks for an image when creating, not when editing", () => {
    const fields: FieldSpec[] = [{ name: "file", label: "f", type: "file", requiredOnCreate: true }];
    expect(validateForm(fields, { file: null }, false)).toEqual({ file: "required" });
    expect(validateForm(fields, { file: null }, true)).toEqual({});
  });
});
