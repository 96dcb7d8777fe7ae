/** Importing files as graphs: the preview (sheets, problems, import report) and the import itself. */
import { api } from "./client";
import type { GraphDetail } from "./graph-types";

export type ImportNote = { key: string; where: string; message: string };
export type ImportReport = {
  source: string;
  format: string;
  nodesRead: number;
  nodesCreated: number;
  graphs: { name: string; nodes: number; graphId?: number }[];
  notCarried: { kind: string; label: string; count: number }[];
  warnings: ImportNote[];
  notices: ImportNote[];
};
export type ImportPreview = { sheets: { name: string; nodes: number }[]; problems: string[]; importReport: ImportReport };
export type ImportedGraph = GraphDetail & { graphIds: number[]; importReport: ImportReport };

/** Reading a large file takes seconds on the server; a preview waits as long as an import. */
export const IMPORT_TIMEOUT_MS = 600_000;

function fileForm(file: File, fields: Record<string, string | null | undefined>): FormData {
  const form = new FormData();
  form.set("file", file);
  for (const [key, value] of Object.entries(fields)) if (value) form.set(key, value);
  return form;
}

export const importApi = {
  preview: (file: File) => api.post<ImportPreview>("/api/graph/file/preview", { multipart: fileForm(file, {}), timeoutMs: IMPORT_TIMEOUT_MS }),
  /** New graphs from the file: one per non-empty sheet, or only `sheet`. */
  create: (file: File, projectId: number | null, name: string, sheet: string | null) =>
    api.post<ImportedGraph>("/api/graphList", {
      multipart: fileForm(file, { projectId: projectId === null ? null : String(projectId), name: name.trim(), sheet }),
      timeoutMs: IMPORT_TIMEOUT_MS,
    }),
};
