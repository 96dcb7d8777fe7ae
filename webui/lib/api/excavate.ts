/** Knowledge-process calls (/api/excavate, service/routes/mining.py). */
import { api, API_BASE, type Download } from "./client";
import type { ListQuery } from "./manage";
import { listParams } from "./manage";
import type { GraphNode } from "./graph-types";
import type { Page } from "./types";
import { getSession } from "../session";

export type MiningKind = "points" | "belong" | "definitions" | "relations" | "catalogue";
export type TaskState = "queued" | "running" | "done" | "failed" | "cancelled";

export interface TextSourceRow {
  id: number;
  name: string;
  suffix: string;
  size: number;
  state: string;
  error: string | null;
  graphId: number | null;
  projectId: number | null;
  pageCount: number;
  charCount: number;
  ocr: boolean;
  /** Pages OCR could not read reliably (handwriting): shown for comparison, never mined. */
  unreliablePages: number[];
  createTime: string | null;
}

export interface SourceDetail extends TextSourceRow {
  text: string;
  paragraphs: { start: number; end: number; page?: number }[];
  pages: unknown[];
}

export interface CompareLine {
  text: string;
  /** [x0, y0, x1, y1] in page pixels, when the page has an image. */
  box: number[] | null;
  start: number;
  end: number;
  confidence: number | null;
}

export interface ComparePage {
  page: number;
  width: number | null;
  height: number | null;
  ocr: boolean;
  /** Median confidence (0-100) of the page's recognised lines, for OCR pages. */
  ocrConfidence: number | null;
  unreliable: boolean;
  /** API path of the page image (needs the bearer token), or null for text-only files. */
  image: string | null;
  lines: CompareLine[];
}

export interface CompareAnswer {
  id: number;
  name: string;
  suffix: string;
  pages: ComparePage[];
}

export interface MiningTask {
  id: number;
  kind: MiningKind;
  state: TaskState;
  progress: number;
  sourceIds: number[];
  graphId: number | null;
  params: Record<string, unknown>;
  error: string | null;
  attempts: number;
  createTime: string | null;
  startTime: string | null;
  finishTime: string | null;
  resultCounts: Record<string, number>;
  /** Queued and unclaimed for a while: no mining worker runs (workerCommand starts one). */
  waitingForWorker?: boolean;
  workerCommand?: string | null;
  /** A relations task mined above a confidence: the less sure kinds of evidence were not listed. */
  lessSureLeftOut?: boolean;
}

export interface MiningResult {
  id: number;
  taskId: number;
  kind: MiningKind;
  state: "pending" | "accepted" | "rejected" | "edited";
  score: number;
  payload: Record<string, unknown>;
  original: Record<string, unknown> | null;
  sourceId: number | null;
  location: { start?: number; end?: number; page?: number; paragraph?: number; text?: string } | null;
  targetNodeId: number | null;
  createdNodeId: number | null;
  /** The name of the node an accepted result made or changed, for its link. */
  createdNodeName?: string | null;
  /** The source passage around the result, the matched part apart (null without a span). */
  passage?: { before: string; match: string; after: string } | null;
}

export interface AcceptAnswer {
  accepted: number;
  nodeIds: number[];
  /** The nodes the accept made or changed, named for the links to them. */
  nodes: { id: number; name: string }[];
  graphId: number;
}

export interface ProgressFrame {
  id?: number;
  state?: TaskState;
  progress?: number;
  error?: string | null;
  waitingForWorker?: boolean;
  workerCommand?: string | null;
  code?: number;
  message?: string;
}

export const sourceApi = {
  list: (q: ListQuery) => api.get<Page<TextSourceRow>>("/api/excavate/textSource/list", { query: listParams(q, "keyword") }),
  bank: (q: ListQuery) => api.get<Page<TextSourceRow>>("/api/excavate/textSource/bank", { query: listParams(q, "keyword") }),
  detail: (id: number) => api.get<SourceDetail>(`/api/excavate/textSource/${id}`),
  compare: (id: number) => api.get<CompareAnswer>(`/api/excavate/textSource/${id}/compare`),
  /** The page image needs the bearer token, so it is fetched as a blob, not given to <img src>. */
  pageImage: (path: string) => api.get<Download>(path, { binary: true, silent: true }),
  upload: (file: File, graphId?: number | null) => {
    const form = new FormData();
    form.set("file", file);
    if (graphId) form.set("graphId", String(graphId));
    return api.post<TextSourceRow>("/api/excavate/textSource", { multipart: form });
  },
  remove: (id: number) => api.delete<null>(`/api/excavate/textSource/${id}`),
  /** Binds the material to another graph, or to none (null); mined tasks keep their graph. */
  rebind: (id: number, graphId: number | null) => api.put<TextSourceRow>(`/api/excavate/textSource/${id}/graph`, { json: { graphId } }),
};

export const miningApi = {
  create: (kind: MiningKind, sourceIds: number[], graphId: number | null, params?: Record<string, unknown>) =>
    api.post<MiningTask>("/api/excavate/task", { json: { kind, sourceIds, graphId, params } }),
  list: (q: ListQuery) => api.get<Page<MiningTask>>("/api/excavate/task/list", { query: listParams(q) }),
  detail: (id: number) => api.get<MiningTask>(`/api/excavate/task/${id}`),
  cancel: (id: number) => api.post<MiningTask>(`/api/excavate/task/${id}/cancel`),
  retry: (id: number) => api.post<MiningTask>(`/api/excavate/task/${id}/retry`),
  remove: (id: number) => api.delete<null>(`/api/excavate/task/${id}`),
  results: (query: { taskIds?: number[]; graphIds?: number[]; kind?: string; state?: string; keyword?: string; page: number; pageSize: number; minScore?: number }) =>
    api.get<Page<MiningResult>>("/api/excavate/result/list", {
      query: {
        taskIds: query.taskIds?.join(","),
        graphIds: query.graphIds?.join(","),
        kind: query.kind,
        state: query.state,
        keyword: query.keyword,
        minScore: query.minScore,
        page: query.page,
        pageSize: query.pageSize,
      },
    }),
  edit: (id: number, payload: Record<string, unknown>) => api.put<MiningResult>(`/api/excavate/result/${id}`, { json: payload }),
  reject: (ids: number[]) => api.post<{ rejected: number }>("/api/excavate/result/reject", { json: { ids } }),
  /** nodeId: the node a definition goes to (default: the node named like its term). */
  accept: (ids: number[], graphId: number | null, parentNodeId?: number | null, nodeId?: number | null) =>
    api.post<AcceptAnswer>("/api/excavate/result/accept", { json: { ids, graphId, parentNodeId, nodeId } }),
  /** A catalogue task's open results become a new graph (the template's root, then the chapters). */
  acceptAsGraph: (taskId: number, name: string, projectId: number | null, templateCode: string) =>
    api.post<AcceptAnswer>("/api/excavate/result/acceptAsGraph", { json: { taskId, name: name.trim(), projectId, templateCode } }),
  /** Where accepted points go unless the reviewer picks another node (attribution's node; null: ask). */
  parentSuggestion: (ids: number[]) =>
    api.get<{ nodeId: number | null; nodeName: string | null; reason: string | null }>("/api/excavate/result/parentSuggestion", { query: { ids: ids.join(",") } }),
  /** Rejected results go back to review. */
  reopen: (ids: number[]) => api.post<{ reopened: number }>("/api/excavate/result/reopen", { json: { ids } }),
  acceptAbove: (taskId: number, minScore: number, graphId: number | null, parentNodeId?: number | null) =>
    api.post<AcceptAnswer>("/api/excavate/result/acceptAbove", { json: { taskId, minScore, graphId, parentNodeId } }),
};

/** Nodes of a graph whose name holds `keyword` (searchPoint), for picking the node a result goes to. */
export function searchNodes(graphId: number, keyword: string, pageSize = 10) {
  return api.get<Page<GraphNode>>("/api/graph/searchPoint", { query: { graphId, keyword, page: 1, pageSize } });
}

/** The progress websocket: the browser cannot send headers, so the token goes in the query. */
export function progressSocketUrl(taskId: number): string {
  const origin = typeof window === "undefined" ? "" : window.location.origin.replace(/^http/, "ws");
  const token = getSession()?.accessToken ?? "";
  return `${origin}${API_BASE}/api/excavate/task/${taskId}/progress?token=${encodeURIComponent(token)}`;
}
