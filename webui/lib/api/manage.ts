/** Back-office calls (SPEC §7 "Others"; service/routes/users.py, projects.py, catalog.py, backoffice.py). */
import { api, type Download } from "./client";
import type { ServerFormRules } from "../manage/form";
import type { GraphListItem, Page } from "./types";

export interface ListQuery {
  page: number;
  pageSize: number;
  keyword: string;
  filters: Record<string, string>;
}

/** Query parameters of a list: page, pageSize, name and the filters that are set. */
export function listParams(query: ListQuery, keywordField = "name"): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, pageSize: query.pageSize };
  if (query.keyword.trim()) params[keywordField] = query.keyword.trim();
  for (const [key, value] of Object.entries(query.filters)) if (value !== "") params[key] = value;
  return params;
}

/** Some lists come whole (carousel): page them in the browser. */
export function pageLocally<T>(items: T[], query: ListQuery, matches?: (item: T, keyword: string) => boolean): Page<T> {
  const keyword = query.keyword.trim().toLowerCase();
  const kept = keyword && matches ? items.filter((item) => matches(item, keyword)) : items;
  const start = (query.page - 1) * query.pageSize;
  return { items: kept.slice(start, start + query.pageSize), total: kept.length };
}

export interface UserRow {
  id: number;
  userName: string;
  name: string;
  role: string;
  roleName: string;
  unitId: number | null;
  unitName: string | null;
  tel: string | null;
  email: string | null;
  enabled: boolean;
  lastLoginAt: string | null;
  /** What the caller may do to this row, by the server's rule (edit, enable, disable, resetPassword). */
  actions: string[];
}

export interface UnitRow {
  id: number;
  name: string;
  code: string | null;
  contact: string | null;
  enabled: boolean;
  userCount: number;
  projectCount: number;
  /** What the caller may do to this row (edit, delete). */
  actions: string[];
}

export interface ProjectRow {
  id: number;
  name: string;
  unitId: number | null;
  unitName: string | null;
  leaderId: number | null;
  leaderName: string | null;
  tryout: boolean;
  endTime: string | null;
  expired: boolean;
  description: string;
  majorName: string | null;
  memberCount: number;
  graphCount: number;
  nodeCount?: number;
  controlledTemplateIds: number[];
  allowedTemplateIds: number[];
  /** What the caller may do to this row (edit, editTrial, manageMembers, members, statistics, delete). */
  actions?: string[];
}

export interface MemberRow {
  id?: number;
  userId: number;
  name: string;
  userName?: string;
  role: string;
}

export interface RelationGroupRow {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  sort: number;
  builtin: boolean;
  relationCount: number;
}

export interface ScopePair {
  startEntityCode: string;
  endEntityCode: string;
}

export interface RelationTypeRow {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  groupId: number | null;
  directed: boolean;
  color: string;
  effectScope: ScopePair[];
  builtin: boolean;
}

export interface AttributeDefinition {
  code: string;
  name: string;
  valueType: string;
  valueLength: number | null;
  defaultValue: unknown;
  isEdit: boolean;
  isNull: boolean;
  sort: number;
  param: Record<string, unknown>;
}

export interface IconStyle {
  rect?: boolean;
  underline?: boolean;
  icon?: string;
  colors?: string[];
  colorView?: string;
}

export interface NameStyle {
  fontSize?: number;
  fill?: string;
  fontWeight?: number;
}

export interface EntityTypeRow {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  iconStyle: IconStyle;
  nameStyle: NameStyle;
  attributes: AttributeDefinition[];
  builtin: boolean;
}

export interface TemplateEntity {
  code: string;
  isRoot: boolean;
  children: string[];
}

export interface TemplateRow {
  id: number;
  code: string;
  kind: string;
  name: string;
  nameEn?: string | null;
  description: string | null;
  builtin: boolean;
  enabled: boolean;
  entityCount?: number;
  relationCount?: number;
  entitys?: TemplateEntity[];
  relations?: { code: string; effectScope: ScopePair[] }[];
}

export interface CarouselRow {
  id: number;
  title: string;
  imageUrl: string;
  link: string;
  sort: number;
  enabled: boolean;
}

export interface DocRow {
  id: number;
  kind: "video" | "doc";
  title: string;
  url: string;
  body: string;
  sort: number;
  updateTime: string | null;
}

export interface TrialRow {
  /** What the caller may do to the row, by the server's rule ("handle": approve or reject). */
  actions: string[];
  id: number;
  name: string;
  unitName: string;
  tel: string;
  email: string;
  reason: string;
  state: 0 | 1 | 2;
  handleOpinion: string | null;
  projectId: number | null;
  createTime: string | null;
}

export interface GraphTaskRow {
  id: number;
  title: string;
  state: string;
  graphId: number;
  graphName: string;
  nodeName: string;
  assigneeName: string | null;
  dispatcherName: string | null;
  opinion: string | null;
  dueTime: string | null;
  createTime: string;
}

export interface PlatformMetrics {
  units: number;
  users: number;
  usersByRole: Record<string, number>;
  projects: number;
  trialProjects: number;
  graphs: number;
  releasedGraphs: number;
  graphsByKind: Record<string, number>;
  nodes: number;
  relations: number;
  libraryByState: Record<string, number>;
  appliesByState: Record<string, number>;
  logins: number;
  activeUsers: number;
  graphsCreatedPerDay: { date: string; count: number }[];
  days: number;
  /** Graphs of the count that belong to no project. */
  graphsOutsideProjects: number;
  /** What the figures cover: the platform, the caller's unit, or the caller's projects. */
  scope: "platform" | "unit" | "projects";
}

export interface ProjectStatistics {
  projectId: number;
  name: string;
  graphCount: number;
  releasedGraphCount: number;
  graphsByKind: Record<string, number>;
  nodeCount: number;
  relationCount: number;
  membersByRole: Record<string, number>;
  tasksByState: Record<string, number>;
}

/** The back office's form rules, the server's own (toolkit.admin.forms): per form, per field. */
export const formRulesApi = {
  all: () => api.get<Record<string, ServerFormRules>>("/api/user/formRules", { silent: true }),
};

export const userApi = {
  list: (q: ListQuery) => api.get<Page<UserRow>>("/api/user/list", { query: listParams(q) }),
  add: (body: Record<string, unknown>) => api.post<UserRow>("/api/user", { json: body }),
  update: (id: number, body: Record<string, unknown>) => api.put<UserRow>(`/api/user/${id}`, { json: body }),
  setEnabled: (id: number, enabled: boolean) => api.put<UserRow>(`/api/user/${id}/${enabled ? "enable" : "disable"}`),
  resetPassword: (id: number, password: string) => api.put<null>(`/api/user/${id}/password`, { json: { password } }),
};

export const unitApi = {
  list: (q: ListQuery) => api.get<Page<UnitRow>>("/api/unit/list", { query: listParams(q) }),
  add: (body: Record<string, unknown>) => api.post<UnitRow>("/api/unit", { json: body }),
  update: (id: number, body: Record<string, unknown>) => api.put<UnitRow>(`/api/unit/${id}`, { json: body }),
  remove: (id: number) => api.delete<null>(`/api/unit/${id}`),
};

export const projectApi = {
  search: (q: ListQuery) => api.get<Page<ProjectRow>>("/api/project/search", { query: listParams(q) }),
  withSizes: (q: ListQuery) => api.get<Page<ProjectRow>>("/api/manage/getProjectList", { query: listParams(q) }),
  add: (body: Record<string, unknown>) => api.post<ProjectRow>("/api/project", { json: body }),
  update: (id: number, body: Record<string, unknown>) => api.put<ProjectRow>(`/api/project/${id}`, { json: body }),
  remove: (id: number) => api.delete<null>(`/api/project/${id}`),
  members: (projectId: number, role?: string, name?: string, page = 1, pageSize = 50) =>
    api.get<Page<MemberRow>>("/api/project/getProjectMember", { query: { projectId, role, name, page, pageSize } }),
  setMember: (projectId: number, userId: number, role: string) => api.post<MemberRow>(`/api/project/member/${projectId}`, { json: { userId, role } }),
  removeMember: (projectId: number, userId: number) => api.delete<null>(`/api/project/member/${projectId}/${userId}`),
  templateControl: (projectId: number, templateIds: number[]) =>
    api.put<unknown>(`/api/project/batchUpdateTemplateControl/${projectId}`, { json: { templateIds } }),
  statistics: (projectId: number) => api.get<ProjectStatistics>(`/api/project/statistics/${projectId}`),
};

export const relationGroupApi = {
  list: (q: ListQuery) => api.get<Page<RelationGroupRow>>("/api/relationGroup/list", { query: listParams(q) }),
  add: (body: Record<string, unknown>) => api.post<RelationGroupRow>("/api/relationGroup", { json: body }),
  update: (id: number, body: Record<string, unknown>) => api.put<RelationGroupRow>(`/api/relationGroup/${id}`, { json: body }),
  remove: (id: number) => api.delete<null>(`/api/relationGroup/${id}`),
};

export const relationTypeApi = {
  list: (q: ListQuery) => api.get<Page<RelationTypeRow>>("/api/relation/list", { query: listParams(q) }),
  add: (body: Record<string, unknown>) => api.post<RelationTypeRow>("/api/relation", { json: body }),
  update: (id: number, body: Record<string, unknown>) => api.put<RelationTypeRow>(`/api/relation/${id}`, { json: body }),
  remove: (id: number) => api.delete<null>(`/api/relation/${id}`),
};

export const templateApi = {
  list: (q: ListQuery) => api.get<Page<TemplateRow>>("/api/template/list", { query: listParams(q) }),
  get: (id: number) => api.get<TemplateRow>(`/api/template/${id}`),
  add: (body: Record<string, unknown>) => api.post<TemplateRow>("/api/template/add", { json: body }),
  update: (id: number, body: Record<string, unknown>) => api.put<TemplateRow>(`/api/template/${id}`, { json: body }),
  remove: (id: number) => api.delete<null>(`/api/template/${id}`),
  entities: (q: ListQuery) => api.get<Page<EntityTypeRow>>("/api/template/templateEntity/list", { query: listParams(q) }),
  addEntity: (body: Record<string, unknown>) => api.post<EntityTypeRow>("/api/template/templateEntity/add", { json: body }),
  updateEntity: (id: number, body: Record<string, unknown>) => api.put<EntityTypeRow>(`/api/template/templateEntity/${id}`, { json: body }),
  removeEntity: (id: number) => api.delete<null>(`/api/template/templateEntity/${id}`),
  relations: (q: ListQuery) => api.get<Page<RelationTypeRow>>("/api/template/templateRelations/list", { query: listParams(q) }),
  addRelation: (body: Record<string, unknown>) => api.post<RelationTypeRow>("/api/template/templateRelations/add", { json: body }),
};

export const carouselApi = {
  publicList: () => api.get<CarouselRow[]>("/api/carousel/list", { anonymous: true, silent: true }),
  manageList: () => api.get<CarouselRow[]>("/api/carousel/manageList"),
  add: (form: FormData) => api.post<CarouselRow>("/api/carousel", { multipart: form }),
  update: (id: number, form: FormData) => api.put<CarouselRow>(`/api/carousel/${id}`, { multipart: form }),
  remove: (id: number) => api.delete<null>(`/api/carousel/${id}`),
};

export const docApi = {
  list: (q: ListQuery) => api.get<Page<DocRow>>("/api/doc/list", { query: listParams(q, "title"), anonymous: true }),
  publicList: (kind: "video" | "doc", title = "") =>
    api.get<Page<DocRow>>("/api/doc/list", { query: { kind, title, page: 1, pageSize: 100 }, anonymous: true }),
  add: (body: Record<string, unknown>) => api.post<DocRow>("/api/doc", { json: body }),
  update: (id: number, body: Record<string, unknown>) => api.put<DocRow>(`/api/doc/${id}`, { json: body }),
  remove: (id: number) => api.delete<null>(`/api/doc/${id}`),
};

export const trialApi = {
  apply: (body: Record<string, unknown>) => api.post<{ id: number; state: number }>("/api/trial/apply", { json: body, anonymous: true }),
  list: (q: ListQuery) => api.get<Page<TrialRow>>("/api/trial/list", { query: listParams(q) }),
  handle: (id: number, state: 1 | 2, opinion: string, days?: number) => api.put<TrialRow>(`/api/trial/handle/${id}`, { json: { state, opinion, days } }),
};

export const backOfficeApi = {
  graphs: (q: ListQuery) => {
    const body: Record<string, unknown> = { page: q.page, pageSize: q.pageSize, name: q.keyword.trim() };
    for (const [key, value] of Object.entries(q.filters)) {
      if (value === "") continue;
      body[key] = key === "templateKind" ? value : Number(value);
    }
    return api.post<Page<GraphListItem>>("/api/manage/getGraphList", { json: body });
  },
  exportGraphs: (filters: Record<string, unknown>) => api.post<Download>("/api/manage/export", { json: filters, binary: true, timeoutMs: 600_000 }),
  metrics: (days = 30) => api.get<PlatformMetrics>("/api/manage/getStatisticMetrics", { query: { days } }),
  tasks: (q: ListQuery) => api.get<Page<GraphTaskRow>>("/api/manage/taskList", { query: listParams(q) }),
};
