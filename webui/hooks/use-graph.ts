"use client";
import { useEffect, useState } from "react";
import { useLocale } from "next-intl";
import useSWR, { preload } from "swr";
import { api } from "@/lib/api/client";
import { currentLocale } from "@/lib/locale";
import { graphApi, nodeApi } from "@/lib/api/graph";
import type {
  CourseDisplayInfo,
  CourseLine,
  CourseTimes,
  NodeRelations,
  NodeTag,
  TaskOverview,
  TemplateStructure,
  TreeAnswer,
} from "@/lib/api/graph-types";
import type { Page } from "@/lib/api/types";
import type { GraphNode } from "@/lib/api/graph-types";

/** Above this many nodes the workspace opens only two levels below the root (graph-workspace). */
export const OPEN_ALL_UP_TO = 400;
export const OPEN_DEPTH = 2;

const readTree = (graphId: number, depth?: number) =>
  api.get<TreeAnswer>("/api/graph/searchTree", { query: { graphId, view: "outline", ...(depth === undefined ? {} : { depth }) }, silent: true });

const readTemplate = (templateId: number) => api.get<TemplateStructure>(`/api/graph/getTemplateStructure/${templateId}`);

/** Graphs whose template and first tree read have been started from their detail (once each). */
const readAhead = new Set<number>();

/**
 * The graph's detail. With `readAhead` (the workspace), the reads that depend on it (the template
 * and the tree's first stage, chosen by the node count as useGraphTree chooses) start the moment
 * it arrives rather than a render later; the hooks that need them then find them under way.
 * Only on a graph's first load, so no started read outlives its moment.
 */
export function useGraphDetail(graphId: number, options: { readAhead?: boolean } = {}) {
  return useSWR(["graph", graphId], async () => {
    const detail = await graphApi.detail(graphId);
    if (options.readAhead && !readAhead.has(graphId)) {
      readAhead.add(graphId);
      // Failures are the hooks' to handle when they take these reads over; nothing is left unhandled here.
      const ignore = () => undefined;
      preload(["template", detail.templateId, currentLocale()], () => readTemplate(detail.templateId)).catch(ignore);
      if (detail.nodeCount > OPEN_ALL_UP_TO) preload(["treeTop", graphId], () => readTree(graphId, OPEN_DEPTH)).catch(ignore);
      else preload(["tree", graphId], () => readTree(graphId)).catch(ignore);
    }
    return detail;
  });
}

/**
 * The graph's tree (outline view), in two stages for a big one: first just the levels the map
 * opens with (nodes at the cut carry hasChilds), drawn at once, then the whole tree, which
 * replaces it. `complete` tells which is shown; edits refresh the whole tree. The graph's node
 * count decides; if its detail fails, the whole tree is read as before.
 * SPEC §7: failures in loading tree data are swallowed silently (the screen shows its own state).
 */
export function useGraphTree(graphId: number, nodeCount: number | undefined, detailFailed: boolean) {
  const known = nodeCount !== undefined || detailFailed;
  const staged = nodeCount !== undefined && nodeCount > OPEN_ALL_UP_TO;
  const top = useSWR(staged ? ["treeTop", graphId] : null, () => readTree(graphId, OPEN_DEPTH), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  // The whole tree is asked for once the first levels are on screen: its answer (megabytes at
  // 10,000 nodes) then neither holds up the server's other answers nor the first paint.
  const [topShown, setTopShown] = useState(false);
  useEffect(() => {
    if (top.data === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setTopShown(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [top.data]);
  const whole = useSWR(known && (!staged || topShown || top.error !== undefined) ? ["tree", graphId] : null, () => readTree(graphId), {
    revalidateOnFocus: false,
  });
  return { data: whole.data ?? top.data, error: whole.error ?? top.error, complete: whole.data !== undefined, mutate: whole.mutate };
}

/** Entity and relation names come in the UI's language, so the locale is part of the key. */
export function useTemplateStructure(templateId: number | undefined) {
  const locale = useLocale();
  return useSWR(templateId ? ["template", templateId, locale] : null, () => readTemplate(templateId!), {
    revalidateOnFocus: false,
  });
}

export function useNode(graphId: number, nodeId: number | null) {
  return useSWR(nodeId ? ["node", graphId, nodeId] : null, () => nodeApi.get(graphId, nodeId!));
}

export function useNodeRelations(graphId: number, nodeId: number | null) {
  return useSWR(nodeId ? ["nodeRelations", graphId, nodeId] : null, () =>
    api.get<NodeRelations>("/api/graph/SearchRelationList", { query: { graphId, nodeId: nodeId! } }),
  );
}

/** SPEC §7: failures in loading tag data are swallowed silently. */
export function useNodeTags() {
  return useSWR("nodeTags", () => api.get<NodeTag[]>("/api/category/listNodeTags", { silent: true }), { revalidateOnFocus: false });
}

export function usePoints(graphId: number, query: { keyword: string; type: string; page: number; pageSize: number }) {
  return useSWR(graphId ? ["points", graphId, query] : null, () => api.get<Page<GraphNode>>("/api/graph/searchPoint", { query: { graphId, ...query } }), {
    keepPreviousData: true,
  });
}

export function useVersions(graphId: number | null) {
  return useSWR(graphId ? ["versions", graphId] : null, () => graphApi.versions(graphId!));
}

export function useTasks(graphId: number | null) {
  return useSWR(graphId ? ["tasks", graphId] : null, () => api.get<TaskOverview>(`/api/graph/task/overview/${graphId}`));
}

export function useCourseLine(graphId: number) {
  return useSWR(["courseLine", graphId], () => api.get<CourseLine>(`/api/graph/getCourseLine/${graphId}`));
}

export function useCourseDisplayInfo(graphId: number) {
  return useSWR(["courseDisplay", graphId], () => api.get<CourseDisplayInfo>(`/api/graph/getCourseDisplayInfo/${graphId}`));
}

export function useCourseTimes(graphId: number) {
  return useSWR(["courseTimes", graphId], () => api.get<CourseTimes>(`/api/graph/getCourseTimes/${graphId}`));
}
