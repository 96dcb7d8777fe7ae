"use client";
import { useMemo } from "react";
import { useGraphTree } from "@/hooks/use-graph";
import type { TreeNode } from "@/lib/api/graph-types";
import { indexTree, type IndexEntry } from "@/lib/graph/tree-ops";
import { NodeDrawer, type NodeDrawerProps } from "../node-drawer";

const EMPTY_INDEX = new Map<number, IndexEntry<TreeNode>>();

/**
 * The node drawer on the relation graph. The tree it searches when adding a relation is read and
 * indexed only once the drawer opens (the whole tree, no first stage: the drawer wants every node).
 */
export function RelationNodeDrawer(props: Omit<NodeDrawerProps, "index">) {
  const tree = useGraphTree(props.graphId, undefined, true);
  const root = tree.data?.tree;
  const index = useMemo(() => (root && typeof root.id === "number" ? indexTree(root) : EMPTY_INDEX), [root]);
  return <NodeDrawer {...props} index={index} />;
}
