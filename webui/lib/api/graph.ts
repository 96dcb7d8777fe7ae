/** The graph calls of SPEC §7, one function each, all through the one fetch client. */
import { currentLocale } from "../locale";
import { api, type Download } from "./client";
import type { Assignee, FullTreeNode, GraphDetail, GraphNode, GraphTask, GraphVersion, Relation, TreeAnswer, VersionDiff } from "./graph-types";

export const MERGE_TIMEOUT_MS = 120_000;

export const graphApi = {
  detail: (graphId: number) => api.get<GraphDetail>(`/api/graphList/${graphId}`),
  create: (body: { name: string; templateId: number; projectId: number | null }) => api.post<GraphDetail>("/api/graphList", { json: body }),
  createFromFile: (file: File, projectId: number | null, name: string) => {
    const form = new FormData();
    form.set("file", file);
    if (projectId !== null) form.set("projectId", String(projectId));
    if (name.trim()) form.set("name", name.trim());
    return api.post<GraphDetail>("/api/graphList", { multipart: form });
  },
  rename: (graphId: number, name: string, revision?: number) => api.put<GraphDetail>(`/api/graphList/${graphId}`, { json: { name: name.trim(), revision } }),
  remove: (graphId: number) => api.delete<null>(`/api/graphList/${graphId}`),
  publish: (graphId: number) => api.put<GraphDetail>(`/api/graphList/publish/${graphId}`),
  unPublish: (graphId: number) => api.put<GraphDetail>(`/api/graphList/unPublish/${graphId}`),
  saveAs: (graphId: number, body: { name: string; projectId: number | null; nodeId?: number | null }) =>
    api.post<GraphDetail>(`/api/graphList/saveGraphAs/${graphId}`, { json: body }),
  versions: (graphId: number) => api.get<GraphVersion[]>(`/api/graphList/getHisVersion/${graphId}`),
  saveVersion: (graphId: number, name: string, remark: string) => api.post<GraphVersion>(`/api/graphList/saveVersion/${graphId}`, { json: { name: name.trim(), remark: remark.trim() } }),
  compare: (graphId: number, versionId: number, otherVersionId?: number) =>
    api.get<VersionDiff>("/api/graphList/compareHisVersion", { query: { graphId, versionId, otherVersionId } }),
  restore: (graphId: number, versionId: number) => api.post<{ restored: number; backupVersion: number }>(`/api/graphList/restoreVersion/${graphId}`, { json: { versionId } }),
  /** The file names types, relations and attributes in the interface's language. */
  exportFile: (graphId: number, format: string) =>
    api.get<Download>("/api/graph/file/export", { query: { graphId, format, lang: currentLocale() }, binary: true, timeoutMs: 600_000 }),
  mergeCheck: (graphId: number, file: File) => {
    const form = new FormData();
    form.set("file", file);
    form.set("graphId", String(graphId));
    return api.post<MergeCheck>("/api/graph/uploadMergeCheck", { multipart: form, timeoutMs: MERGE_TIMEOUT_MS });
  },
  merge: (graphId: number, file: File) => {
    const form = new FormData();
    form.set("file", file);
    form.set("graphId", String(graphId));
    return api.post<unknown>("/api/graph/file/uploadMerge", { multipart: form });
  },
  /** Offer the graph to the public library (it waits for review) and take it back. */
  libraryPublish: (graphId: number, summary = "") => api.post<unknown>("/api/common/graph/publish", { json: { graphId, summary: summary.trim() } }),
  libraryWithdraw: (graphId: number) => api.put<unknown>(`/api/common/graph/unPublish/${graphId}`),
  duplicates: (graphId: number) => api.get<unknown>(`/api/graph/checkDuplicates/${graphId}`),
};

/** One node the edited file adds, removes, renames, moves or changes, with its path by names. */
export interface MergeChange {
  id: string;
  name: string;
  kind: "added" | "removed" | "renamed" | "moved" | "changed";
  path: string;
  oldName?: string;
  oldPath?: string;
  fields?: string[];
}

export interface MergeCheck {
  ok: boolean;
  problems: unknown[];
  counts: Record<string, number>;
  changes?: MergeChange[];
}

export interface NodeRef {
  graphId: number;
  nodeId: number;
  revision?: number;
}

export const nodeApi = {
  get: (graphId: number, nodeId: number) => api.get<GraphNode>("/api/graph/getNode", { query: { graphId, nodeId } }),
  create: (ref: NodeRef, name: string, mode: "child" | "sibling", type?: string) =>
    api.post<GraphNode>("/api/graph/createNode", { json: { graphId: ref.graphId, nodeId: ref.nodeId, name: name.trim(), mode, type, revision: mode === "child" ? ref.revision : undefined } }),
  rename: (ref: NodeRef, name: string) => api.put<GraphNode>(`/api/graph/updateNode/${ref.nodeId}`, { json: { graphId: ref.graphId, revision: ref.revision, name: name.trim() } }),
  describe: (ref: NodeRef, desc: string, descTags?: unknown[]) =>
    api.put<GraphNode>(`/api/graph/updateNode/${ref.nodeId}`, { json: { graphId: ref.graphId, revision: ref.revision, desc, descTags } }),
  setAttributes: (ref: NodeRef, attributes: Record<string, unknown>) =>
    api.put<GraphNode>(`/api/graph/updateNode/${ref.nodeId}`, { json: { graphId: ref.graphId, revision: ref.revision, attributes } }),
  /** SPEC §7: the tag update sends nodeType, id, graphId and tags as an id list. */
  setTags: (ref: NodeRef, nodeType: string, tags: number[]) =>
    api.put<GraphNode>(`/api/graph/updateNode/${ref.nodeId}`, { json: { graphId: ref.graphId, revision: ref.revision, id: ref.nodeId, nodeType, tags } }),
  move: (ref: NodeRef, parentId: number, position: number) =>
    api.post<GraphNode>("/api/graph/moveNode", { json: { graphId: ref.graphId, nodeId: ref.nodeId, parentId, position, revision: ref.revision } }),
  order: (graphId: number, parentId: number, ids: number[]) => api.post<null>("/api/graph/updateOrder", { json: { graphId, parentId, ids } }),
  changeType: (ref: NodeRef, type: string) =>
    api.put<GraphNode>("/api/graph/changeNodeType", { json: { graphId: ref.graphId, nodeId: ref.nodeId, type, revision: ref.revision } }),
  /** A child of `parent` at `position` with its description (undo and paste write subtrees back this way). */
  createAt: (parent: NodeRef, position: number, node: { name: string; type: string; desc?: string }) =>
    api.post<GraphNode>("/api/graph/createNode", { json: { graphId: parent.graphId, nodeId: parent.nodeId, name: node.name.trim(), mode: "child", type: node.type, position, desc: node.desc || undefined, revision: parent.revision } }),
  /** The whole subtree under a node, every node in full (description, attributes). */
  subtree: (graphId: number, nodeId: number) => api.get<{ tree: FullTreeNode | null }>("/api/graph/searchTree", { query: { graphId, nodeId, view: "full" } }),
  /** The node with its direct children as the server has them now (the loaded tree may be cut short). */
  withChildren: (graphId: number, nodeId: number) => api.get<TreeAnswer>("/api/graph/searchTree", { query: { graphId, nodeId, depth: 1 } }),
  remove: (ref: NodeRef) => api.delete<{ deleted: number }>("/api/graph/deleteNode", { query: { graphId: ref.graphId, nodeId: ref.nodeId, revision: ref.revision } }),
  removeMany: (graphId: number, ids: number[]) => api.delete<{ deleted: number }>("/api/graph/batchDeleteNode", { json: { graphId, ids } }),
};

export const relationApi = {
  create: (graphId: number, startNodeId: number, targetNodeId: number, relationshipType: string) =>
    api.post<Relation>("/api/graph/createRelation", { json: { graphId, startNodeId, targetNodeId, relationshipType } }),
  remove: (graphId: number, relationId: number) => api.delete<null>("/api/graph/deleteRelation", { query: { graphId, relationId } }),
};

export const taskApi = {
  /** The people the caller may give this graph's tasks to, searched by name or account name. */
  assignees: (graphId: number, keyword: string) => api.get<Assignee[]>("/api/graph/task/assignees", { query: { graphId, keyword } }),
  dispatch: (graphId: number, nodeId: number, assigneeId: number, title: string) =>
    api.post<GraphTask>("/api/graph/task/dispatch", { json: { graphId, nodeId, assigneeId, title: title.trim() } }),
  assign: (taskId: number, assigneeId: number) => api.post<GraphTask>("/api/graph/task/assign", { json: { taskId, assigneeId } }),
  submit: (taskId: number) => api.post<GraphTask>("/api/graph/task/submit", { json: { taskId } }),
  examine: (taskId: number, approve: boolean, opinion: string) => api.post<GraphTask>("/api/graph/task/examine", { json: { taskId, approve, opinion: opinion.trim() } }),
};

/** Hands a downloaded file to the browser. */
export function saveDownload({ blob, fileName }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
