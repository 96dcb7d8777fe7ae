"use client";
import { useCallback, useEffect } from "react";
import { useSWRConfig } from "swr";
import { useGraphDetail, useTemplateStructure } from "@/hooks/use-graph";
import { setConflictReload } from "@/lib/feedback";

/** What an edit may have changed, besides the graph's detail (the tree too, should the workspace have it cached). */
const AFTER_EDIT = ["tree", "treeTop", "node", "nodeRelations", "relationGraph", "versions", "tasks"];

/**
 * The relation graph page's share of a graph: its detail, template, whether this user may edit it,
 * and a refresh after edits (conflicts reload through it too). Not the editor's hook: that reads
 * and indexes the whole tree, megabytes at 5,000 nodes parsed on the main thread while the network
 * is drawn, and the page needs the tree only when the drawer is open (RelationNodeDrawer).
 */
export function useRelationPage(graphId: number) {
  const detail = useGraphDetail(graphId);
  const template = useTemplateStructure(detail.data?.templateId);
  const { mutate } = useSWRConfig();
  // The detail's isEdit is the tree's: both are the caller's access to the graph.
  const editable = detail.data?.isEdit === 1;
  const refreshDetail = detail.mutate;
  const refresh = useCallback(async () => {
    await Promise.all([refreshDetail(), mutate((key) => Array.isArray(key) && AFTER_EDIT.includes(key[0]) && key[1] === graphId)]);
  }, [refreshDetail, mutate, graphId]);
  useEffect(() => {
    setConflictReload(() => void refresh());
    return () => setConflictReload(null);
  }, [refresh]);
  return { detail, template, editable, refresh };
}
