/** The preview answer is a flat node list with parentId; the mind map wants a tree. */
import type { GraphNode, TreeNode } from "../api/graph-types";

export function buildTree(nodes: GraphNode[]): TreeNode | null {
  const byId = new Map<number, TreeNode>();
  for (const node of nodes) byId.set(node.id, { ...node, childs: [] });
  let root: TreeNode | null = null;
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    if (parent) parent.childs.push(node);
    // The root is the node without a parent; a node whose parent is missing only stands in for it.
    else if (node.parentId === null || root === null) root = root !== null && (root as TreeNode).parentId === null ? root : node;
  }
  for (const node of byId.values()) node.childs.sort((a, b) => a.order - b.order);
  return root;
}

/** Ids of a node's ancestors, nearest first (to open a shared link at a node). */
export function ancestorsOf(nodes: GraphNode[], id: number): number[] {
  const parents = new Map(nodes.map((n) => [n.id, n.parentId]));
  const result: number[] = [];
  let current = parents.get(id) ?? null;
  while (current !== null && !result.includes(current)) {
    result.push(current);
    current = parents.get(current) ?? null;
  }
  return result;
}
