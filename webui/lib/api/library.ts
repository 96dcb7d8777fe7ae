/** The public graph library (SPEC §7 "Common library"; service/routes/library.py). */
import { api } from "./client";
import type { ListQuery } from "./manage";
import { listParams } from "./manage";
import type { Page } from "./types";
import type { GraphNode, TemplateStructure } from "./graph-types";

/** SPEC §4: library public states. */
export const PUBLIC_STATE = { all: -1, wait: 0, refuse: 2, publish: 4, unpublish: 6 } as const;
/** SPEC §4: apply states. */
export const APPLY_STATE = { all: -1, apply: 0, authorization: 1, pass: 2, reject: 3 } as const;
/** getApplyList types: 0 mine, 1 waiting for me, 2 grants. */
export const APPLY_LIST = { mine: 0, toApprove: 1, granted: 2 } as const;

export interface LibraryEntry {
  id: number;
  graphId: number;
  name: string;
  summary: string;
  publicState: number;
  templateId: number;
  templateName: string;
  templateKind: string;
  projectName: string | null;
  nodeCount: number;
  publisherName: string | null;
  reviewerName: string | null;
  reviewOpinion: string;
  previewNodeIds: number[];
  applyCount: number | null;
  createTime: string | null;
  updateTime: string | null;
  rootId?: number;
}

export interface PublicRecord {
  action: string;
  publicState: number | null;
  opinion: string;
  operatorName: string | null;
  createTime: string | null;
}

/** SPEC §3 library apply record. */
export interface ApplyRecord {
  id: number;
  graphId: number;
  graphName: string;
  projectId: number;
  projectName: string | null;
  createUserName: string | null;
  receviceUserName: string | null;
  receiveUserId: number | null;
  remarks: string;
  state: number;
  approvalProposal: string | null;
  copyGraphId: number | null;
  createTime: string | null;
}

export interface PreviewGraph {
  graphId: number;
  revision: number;
  nodes: (GraphNode & { degree?: number })[];
  relations: { relationId: number; startNodeId: number; targetNodeId: number; relationshipType: string; relationshipName: string }[];
}

export interface PreviewDetail {
  id: number;
  name: string;
  description: string;
  templateId: number;
  templateKind: string;
  templateName: string;
  nodeCount: number;
  rootId: number | null;
}

export interface ApplyQuery {
  page: number;
  size: number;
  type: number;
  graphId?: number;
  state?: number;
  name?: string;
  projectId?: number;
}

export const libraryApi = {
  list: (q: ListQuery) => api.get<Page<LibraryEntry>>("/api/common/graph/list", { query: listParams(q) }),
  manageList: (q: ListQuery) => api.get<Page<LibraryEntry>>("/api/common/graph/listManageGraph", { query: listParams(q) }),
  publish: (graphId: number, summary: string) => api.post<LibraryEntry>("/api/common/graph/publish", { json: { graphId, summary } }),
  review: (graphId: number, publicState: 4 | 2, opinion: string) =>
    api.post<LibraryEntry>("/api/common/graph/updatePublicState", { json: { graphId, publicState, opinion } }),
  unpublish: (graphId: number) => api.put<LibraryEntry>(`/api/common/graph/unPublish/${graphId}`),
  record: (graphId: number) => api.get<PublicRecord[]>(`/api/common/graph/getGraphPublicRecord/${graphId}`),
  applyList: (q: ApplyQuery, silent = false) =>
    api.get<Page<ApplyRecord>>("/api/common/graph/getApplyList", {
      query: { page: q.page, size: q.size, type: q.type, graphId: q.graphId, state: q.state === -1 ? undefined : q.state, name: q.name, projectId: q.projectId },
      silent,
    }),
  apply: (body: { graphId: number; graphName: string; projectId: number; receiveUserId: number; remarks: string }) =>
    api.post<ApplyRecord>("/api/common/graph/apply", { json: body }),
  approve: (id: number, state: 2 | 3, approvalProposal: string) => api.post<ApplyRecord>("/api/common/graph/approval", { json: { id, state, approvalProposal } }),
  /** The nodes visitors may preview (with their ancestors and subtrees); an empty list shows the whole graph. */
  definePreviewNodes: (graphId: number, nodeIds: number[]) =>
    api.post<{ graphId: number; previewNodeIds: number[] }>("/api/common/graph/definePreviewNode", { json: { graphId, nodeIds } }),
  /** The whole graph as its editor sees it (to choose preview nodes from). */
  fullGraph: (graphId: number) => api.get<PreviewGraph>("/api/graph/searchGraph", { query: { graphId } }),
};

/** Token-less preview of published graphs (/api/preview). */
export const previewApi = {
  graph: (graphId: number) => api.get<PreviewGraph>("/api/preview/searchGraph", { query: { graphId }, anonymous: true }),
  detail: (graphId: number) => api.get<PreviewDetail>(`/api/preview/graphList/${graphId}`, { anonymous: true }),
  template: (templateId: number) => api.get<TemplateStructure>(`/api/preview/getTemplateStructure/${templateId}`, { anonymous: true }),
};
