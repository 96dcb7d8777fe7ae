import { describe, expect, it } from "vitest";
import { canOpen, matchRoute, menuFor, type AppRoute } from "@/lib/routes";

const routes: AppRoute[] = [
  { path: "/knowledgeGraph", meta: { title: "kg", roles: ["test", "admin", "expert", "super"] }, children: [{ path: "/knowledgeGraph/index", meta: { title: "list" } }] },
  { path: "/Manager", meta: { title: "manager", roles: ["admin", "super"] }, children: [{ path: "/Manager/index", meta: { title: "home" } }, { path: "/Manager/hidden", meta: { title: "hidden", hideMenu: true } }] },
  { path: "/graph_template", meta: { title: "templates", roles: ["super"] } },
];
const echo = (key: string) => key;

describe("route table", () => {
  it("builds the menu a role may open, hidden items left out", () => {
    expect(menuFor("expert", echo, routes).map((m) => m.path)).toEqual(["/knowledgeGraph"]);
    const admin = menuFor("admin", echo, routes);
    expect(admin.map((m) => m.path)).toEqual(["/knowledgeGraph", "/Manager"]);
    expect(admin[1].children?.map((m) => m.path)).toEqual(["/Manager/index"]);
    expect(menuFor("super", echo, routes).map((m) => m.path)).toEqual(["/knowledgeGraph", "/Manager", "/graph_template"]);
    expect(menuFor(null, echo, routes)).toEqual([]);
  });

  it("guards paths by the roles of every route on the way", () => {
    expect(canOpen("/knowledgeGraph/index", "test")).toBe(true);
    expect(matchRoute("/knowledgeGraph/index")?.map((r) => r.path)).toEqual(["/knowledgeGraph", "/knowledgeGraph/index"]);
    expect(canOpen("/knowledgeGraph/index", null)).toBe(false);
  });
});
