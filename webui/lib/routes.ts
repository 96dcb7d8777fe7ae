/**
 * The one route table: menus, breadcrumbs and role guards are all derived from it.
 * Only routes that exist are listed; later screens add entries here.
 */
import type { RoleName } from "./roles";

export interface RouteMeta {
  /** Message key under the "menu" namespace. */
  title: string;
  roles?: RoleName[];
  hideMenu?: boolean;
  missLogin?: boolean;
  icon?: string;
}

export interface AppRoute {
  path: string;
  meta: RouteMeta;
  children?: AppRoute[];
}

export const GRAPH_ROLES: RoleName[] = ["test", "admin", "expert", "super"];
export const BACK_OFFICE_ROLES: RoleName[] = ["admin", "expert", "super"];
export const MANAGER_ROLES: RoleName[] = ["admin", "super"];

export const ROUTES: AppRoute[] = [
  {
    path: "/knowledgeGraph",
    meta: { title: "knowledgeGraph", roles: GRAPH_ROLES, icon: "network" },
    children: [
      { path: "/knowledgeGraph/index", meta: { title: "graphList", roles: GRAPH_ROLES, icon: "list" } },
      { path: "/knowledgeGraph/knowledgeTree", meta: { title: "knowledgeTree", roles: GRAPH_ROLES, hideMenu: true } },
      { path: "/knowledgeGraph/pointList", meta: { title: "pointList", roles: GRAPH_ROLES, hideMenu: true } },
      { path: "/knowledgeGraph/RelationGraph", meta: { title: "relationGraph", roles: GRAPH_ROLES, hideMenu: true } },
    ],
  },
  // SPEC §2: graph screens outside /knowledgeGraph, reached from a graph, never from the menu.
  { path: "/graph_bind_relation", meta: { title: "bindRelation", roles: GRAPH_ROLES, hideMenu: true } },
  { path: "/major_graph", meta: { title: "majorGraph", roles: GRAPH_ROLES, hideMenu: true } },
  { path: "/course_graph", meta: { title: "courseGraph", roles: GRAPH_ROLES, hideMenu: true } },
  { path: "/major_portal", meta: { title: "majorPortal", roles: GRAPH_ROLES, hideMenu: true } },
  { path: "/training_plan", meta: { title: "trainingPlan", roles: GRAPH_ROLES, hideMenu: true } },
  { path: "/attainment", meta: { title: "attainment", roles: GRAPH_ROLES, hideMenu: true } },
  // Issue 9: public library, library management, knowledge process, statistics and back office (SPEC §2):
  // the roles are SPEC §2's; where an expert may open a page but not change it, the page hides the writes
  // and the API refuses them (service/routes/users.py, backoffice.py).
  { path: "/common_graph_library", meta: { title: "commonLibrary", roles: GRAPH_ROLES, icon: "network" } },
  {
    path: "/common_graph",
    meta: { title: "commonGraph", roles: BACK_OFFICE_ROLES, icon: "network" },
    children: [{ path: "/common_graphs", meta: { title: "libraryManage", roles: BACK_OFFICE_ROLES } }],
  },
  {
    path: "/excavate",
    meta: { title: "excavate", roles: GRAPH_ROLES, icon: "list" },
    children: [
      { path: "/excavate/textSource", meta: { title: "textSource", roles: GRAPH_ROLES } },
      { path: "/excavate/knowledge_point_edit", meta: { title: "knowledgePointEdit", roles: GRAPH_ROLES, hideMenu: true } },
      { path: "/excavate/knowledge_point", meta: { title: "knowledgePoint", roles: GRAPH_ROLES } },
      { path: "/excavate/belong_edit", meta: { title: "belongEdit", roles: GRAPH_ROLES, hideMenu: true } },
      { path: "/excavate/belong", meta: { title: "belong", roles: GRAPH_ROLES } },
      { path: "/excavate/definition_task", meta: { title: "definitionTask", roles: GRAPH_ROLES, hideMenu: true } },
      { path: "/excavate/definition", meta: { title: "definition", roles: GRAPH_ROLES } },
      { path: "/excavate/relation_task", meta: { title: "relationTask", roles: GRAPH_ROLES, hideMenu: true } },
      { path: "/excavate/relation", meta: { title: "relationMining", roles: GRAPH_ROLES } },
      { path: "/excavate/catalogue_edit", meta: { title: "catalogueEdit", roles: GRAPH_ROLES, hideMenu: true } },
      { path: "/excavate/catalogue", meta: { title: "catalogue", roles: GRAPH_ROLES } },
    ],
  },
  {
    path: "/Manager",
    meta: { title: "backOffice", roles: BACK_OFFICE_ROLES, icon: "list" },
    children: [
      { path: "/Manager/index", meta: { title: "helpDocs", roles: BACK_OFFICE_ROLES } },
      { path: "/projectManage/index", meta: { title: "projectManage", roles: BACK_OFFICE_ROLES } },
      { path: "/userManage/index", meta: { title: "userManage", roles: BACK_OFFICE_ROLES } },
      { path: "/unitManager/index", meta: { title: "unitManager", roles: BACK_OFFICE_ROLES } },
      { path: "/relationGroup/index", meta: { title: "relationGroup", roles: BACK_OFFICE_ROLES } },
      { path: "/relation/index", meta: { title: "relationType", roles: BACK_OFFICE_ROLES } },
      { path: "/rotationManager/index", meta: { title: "rotationManager", roles: BACK_OFFICE_ROLES } },
      { path: "/textSourceBank/index", meta: { title: "textSourceBank", roles: MANAGER_ROLES } },
      { path: "/taskManager", meta: { title: "taskManager", roles: MANAGER_ROLES } },
      { path: "/applyfor/index", meta: { title: "applyfor", roles: BACK_OFFICE_ROLES } },
      { path: "/graphManager/index", meta: { title: "graphManager", roles: BACK_OFFICE_ROLES } },
    ],
  },
  {
    path: "/projectStatistics",
    meta: { title: "statisticsGroup", roles: BACK_OFFICE_ROLES, icon: "list" },
    children: [
      { path: "/projectStatistics", meta: { title: "projectStatistics", roles: BACK_OFFICE_ROLES } },
      { path: "/statistics", meta: { title: "statistics", roles: BACK_OFFICE_ROLES } },
    ],
  },
  {
    path: "/graph_template",
    meta: { title: "graphTemplate", roles: ["super"], icon: "list" },
    children: [
      { path: "/graph_entitys", meta: { title: "graphEntitys", roles: ["super"] } },
      { path: "/graph_relations", meta: { title: "graphRelations", roles: ["super"] } },
      { path: "/graph_template/index", meta: { title: "templateManage", roles: ["super"] } },
    ],
  },
];

export const PUBLIC_PATHS = ["/login", "/home", "/exception", "/", "/help_v", "/help_doc", "/graphCommonMore", "/sso", "/error-log/list", "/lock"];
/** Public routes with parameters (SPEC §2): /graph_preview/{graphId}/{nodeId?} and the like. */
export const PUBLIC_PREFIXES = ["/graph_preview/", "/graph_preview_index/", "/image_text_compare/", "/sso/", "/redirect/"];

export interface MenuItem {
  name: string;
  path: string;
  icon?: string;
  children?: MenuItem[];
}

function allowed(meta: RouteMeta, role: RoleName | null): boolean {
  return !meta.roles || (role !== null && meta.roles.includes(role));
}

/** Menus in route-mapping mode (SPEC §6): routes the role may open, hidden items left out. */
export function menuFor(role: RoleName | null, translate: (key: string) => string, routes = ROUTES): MenuItem[] {
  const items: MenuItem[] = [];
  for (const route of routes) {
    if (route.meta.hideMenu || !allowed(route.meta, role)) continue;
    const children = route.children ? menuFor(role, translate, route.children) : undefined;
    if (route.children && (!children || children.length === 0)) continue;
    items.push({ name: translate(route.meta.title), path: route.path, icon: route.meta.icon, children });
  }
  return items;
}

/** The route (and its ancestors) that matches a path, deepest last. */
export function matchRoute(pathname: string, routes = ROUTES, trail: AppRoute[] = []): AppRoute[] | null {
  for (const route of routes) {
    const here = [...trail, route];
    if (route.children) {
      const deeper = matchRoute(pathname, route.children, here);
      if (deeper) return deeper;
    }
    if (pathname === route.path || pathname.startsWith(route.path + "/")) return here;
  }
  return null;
}

/** May this role open this path? Unknown paths are left to the not-found page. */
export function canOpen(pathname: string, role: RoleName | null): boolean {
  const trail = matchRoute(pathname);
  if (!trail) return true;
  return trail.every((route) => allowed(route.meta, role));
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname) || PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
