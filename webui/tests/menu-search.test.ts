import { describe, expect, it } from "vitest";
import { flattenMenu, matchesInOrder, moveHighlight, searchMenu } from "@/lib/menu-search";

const menu = [
  { name: "知识图谱", path: "/knowledgeGraph", children: [{ name: "图谱列表", path: "/knowledgeGraph/index" }] },
  { name: "后台管理", path: "/Manager", children: [{ name: "用户管理", path: "/userManage/index" }, { name: "单位管理", path: "/unitManager/index" }] },
  { name: "Help", path: "/help_doc" },
];

describe("menu search", () => {
  it("labels children as 'Parent > Child'", () => {
    expect(flattenMenu(menu).map((e) => e.label)).toEqual(["知识图谱 > 图谱列表", "后台管理 > 用户管理", "后台管理 > 单位管理", "Help"]);
  });

  it("matches keyword characters in order, not necessarily adjacent", () => {
    expect(matchesInOrder("图列", "知识图谱 > 图谱列表")).toBe(true);
    expect(matchesInOrder("列图", "图谱列表")).toBe(false);
    expect(matchesInOrder("hp", "Help")).toBe(true);
    expect(matchesInOrder("HELP", "help")).toBe(true);
  });

  it("matches across the parent name", () => {
    expect(searchMenu("后用", flattenMenu(menu)).map((e) => e.path)).toEqual(["/userManage/index"]);
    expect(searchMenu("管理", flattenMenu(menu)).map((e) => e.path)).toEqual(["/userManage/index", "/unitManager/index"]);
  });

  it("clears results on empty input and finds nothing for no match", () => {
    expect(searchMenu("", flattenMenu(menu))).toEqual([]);
    expect(searchMenu("   ", flattenMenu(menu))).toEqual([]);
    expect(searchMenu("xyz", flattenMenu(menu))).toEqual([]);
  });

  it("wraps the highlight both ways", () => {
    expect(moveHighlight(2, 3, "down")).toBe(0);
    expect(moveHighlight(0, 3, "up")).toBe(2);
    expect(moveHighlight(-1, 3, "down")).toBe(0);
    expect(moveHighlight(-1, 3, "up")).toBe(2);
    expect(moveHighlight(0, 0, "down")).toBe(-1);
  });
});
