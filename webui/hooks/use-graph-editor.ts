"use client";
import { useCallback, useEffect, useMemo } from "react";
import { useSWRConfig } from "swr";
import { graphApi, nodeApi } from "@/lib/api/graph";
import type { TreeNode } from "@/lib/api/graph-types";
import { setConflictReload } from "@/lib/feedback";
import { dropTarget, indexTree, topmost, type DropPlace, type IndexEntry } from "@/lib/graph/tree-ops";
import { useGraphDetail, useGraphTree, useTemplateStructure } from "./use-graph";

const EMPTY_INDEX = new Map<number, IndexEntry<TreeNode>>();

/**
 * One graph being edited: its detail, tree and template, and the edits as calls that name each
 * node's revision and fetch the tree again afterwards. Conflicts reload through the same refresh.
 */
export function useGraphEditor(graphId: number) {
  const detail = useGraphDetail(graphId, { readAhead: true });
  const tree = useGraphTree(graphId, detail.data?.nodeCount, detail.error !== undefined);
  const template = useTemplateStructure(detail.data?.templateId);
  const { mutate } = useSWRConfig();
  const root = tree.data?.tree ?? null;
  /** SPEC §5: a tree answer without an id is "数据异常" and no tree is shown. */
  const broken = Boolean(tree.data) && !(root && typeof root.id === "number");
  const index = useMemo(() => (root && !broken ? indexTree(root) : EMPTY_INDEX), [root, broken]);
  const editable = detail.data?.isEdit === 1 && tree.data?.isEdit === 1;

  const refresh = useCallback(async () => {
    await Promise.all([
      tree.mutate(),
      detail.mutate(),
      mutate((key) => Array.isArray(key) && ["node", "nodeRelations", "relationGraph", "versions", "tasks"].includes(key[0]) && key[1] === graphId),
    ]);
  }, [tree, detail, mutate, graphId]);

  useEffect(() => {
    setConflictReload(() => void refresh());
    return () => setConflictReload(null);
  }, [refresh]);

  const ref = useCallback((nodeId: number) => ({ graphId, nodeId, revision: index.get(nodeId)?.node.revision }), [graphId, index]);

  const after = useCallback(
    async <T,>(work: Promise<T>): Promise<T> => {
      const result = await work;
      await refresh();
      return result;
    },
    [refresh],
  );

  const actions = useMemo(
    () => ({
      addChild: (parentId: number, name: string, type?: string) => after(nodeApi.create(ref(parentId), name, "child", type)),
      addSibling: (nodeId: number, name: string, type?: string) => after(nodeApi.create(ref(nodeId), name, "sibling", type)),
      rename: (nodeId: number, name: string) => after(nodeApi.rename(ref(nodeId), name)),
      remove: (nodeId: number) => after(nodeApi.remove(ref(nodeId))),
      removeMany: (ids: number[]) => after(nodeApi.removeMany(graphId, topmost(index, ids))),
      /** Drop `nodeId` before, after or inside `targetId`; false when the tree forbids it. */
      drop: async (nodeId: number, targetId: number, place: DropPlace) => {
        const target = dropTarget(index, nodeId, targetId, place);
        if (!target) return false;
        await after(nodeApi.move(ref(nodeId), target.parentId, target.position));
        return true;
      },
      order: (parentId: number, ids: number[]) => after(nodeApi.order(graphId, parentId, ids)),
      publish: (released: boolean) => after(released ? graphApi.publish(graphId) : graphApi.unPublish(graphId)),
    }),
    [after, ref, graphId, index],
  );

  return { graphId, detail, tree, template, root: broken ? null : root, complete: tree.complete, broken, index, editable, refresh, actions, ref };
}

export type GraphEditor = ReturnType<typeof useGraphEditor>;
