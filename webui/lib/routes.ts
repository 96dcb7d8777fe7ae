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
];

export const PUBLIC_PATHS = ["/login", "/home", "/exception", "/"];

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
  return PUBLIC_PATHS.includes(pathname);
}
