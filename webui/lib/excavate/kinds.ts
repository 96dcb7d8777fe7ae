/** The five knowledge-process screens (SPEC §2 /excavate) and how each shows and edits its results. */
import type { MiningKind, MiningResult, TaskState } from "../api/excavate";

export interface KindScreen {
  kind: MiningKind;
  /** Route segment of the screen and of its review screen. */
  route: string;
  review: (ids: { taskId: number; graphId: number | null }) => string;
  /** Payload fields the review may edit (the API's EDITABLE_FIELDS). */
  editable: string[];
}

export const SCREENS: Record<string, KindScreen> = {
  knowledge_point: { kind: "points", route: "knowledge_point", review: ({ taskId, graphId }) => `/excavate/knowledge_point_edit/${graphId ?? 0}?task=${taskId}`, editable: ["term"] },
  belong: { kind: "belong", route: "belong", review: ({ taskId }) => `/excavate/belong_edit/${taskId}`, editable: ["term", "nodeName"] },
  definition: { kind: "definitions", route: "definition", review: ({ taskId }) => `/excavate/definition_task/${taskId}`, editable: ["term", "sentence"] },
  relation: { kind: "relations", route: "relation", review: ({ taskId }) => `/excavate/relation_task/${taskId}`, editable: ["start", "type", "target"] },
  catalogue: { kind: "catalogue", route: "catalogue", review: ({ taskId, graphId }) => `/excavate/catalogue_edit/${graphId ?? 0}?task=${taskId}`, editable: ["title"] },
};

export const FINISHED: TaskState[] = ["done", "failed", "cancelled"];

export function isFinished(state: TaskState): boolean {
  return FINISHED.includes(state);
}

/** The headline of a result: what becomes a node or a relation. */
export function resultLabel(result: Pick<MiningResult, "kind" | "payload">): string {
  const p = result.payload as Record<string, unknown>;
  switch (result.kind) {
    case "relations":
      return `${p.start ?? ""} → ${p.target ?? ""}`;
    case "catalogue":
      return `${"　".repeat(Math.max(0, Number(p.level ?? 1) - 1))}${p.title ?? ""}`;
    default:
      return String(p.term ?? p.title ?? "");
  }
}

/** Relation types a relation result may take (the API's choice for `type`). */
export const RELATION_TYPES = ["Behind", "Contain", "Mutual"] as const;

/** Comma-separated ids of a route segment (graphIds, miningIds). */
export function idList(value: string | undefined | null): number[] {
  return (value ?? "")
    .split(",")
    .map((part) => Number(decodeURIComponent(part).trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}
