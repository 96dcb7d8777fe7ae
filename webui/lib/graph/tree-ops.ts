/** Pure operations on the nested tree of searchTree (SPEC §3 Node with childs). */
export interface TreeLike<T> {
  id: number;
  childs: T[];
  /** Set on the nodes at the cut of a depth-limited tree: whether they have children not loaded. */
  hasChilds?: boolean;
}

export interface IndexEntry<T> {
  node: T;
  parentId: number | null;
  depth: number;
  position: number;
}

export function indexTree<T extends TreeLike<T>>(root: T): Map<number, IndexEntry<T>> {
  const index = new Map<number, IndexEntry<T>>();
  const stack: IndexEntry<T>[] = [{ node: root, parentId: null, depth: 0, position: 0 }];
  while (stack.length) {
    const entry = stack.pop()!;
    index.set(entry.node.id, entry);
    entry.node.childs.forEach((child, position) => stack.push({ node: child, parentId: entry.node.id, depth: entry.depth + 1, position }));
  }
  return index;
}

/** Ids from the root down to the node (both included). */
export function pathTo<T>(index: Map<number, IndexEntry<T>>, id: number): number[] {
  const path: number[] = [];
  let current: number | null | undefined = id;
  while (current !== null && current !== undefined && index.has(current)) {
    path.unshift(current);
    current = index.get(current)!.parentId;
  }
  return path;
}

export function isDescendant<T>(index: Map<number, IndexEntry<T>>, id: number, ancestorId: number): boolean {
  return pathTo(index, id).slice(0, -1).includes(ancestorId);
}

/** A move is possible when the node is not the root and the new parent is not the node or below it. */
export function canMove<T>(index: Map<number, IndexEntry<T>>, nodeId: number, newParentId: number): boolean {
  const entry = index.get(nodeId);
  if (!entry || entry.parentId === null || !index.has(newParentId)) return false;
  return newParentId !== nodeId && !isDescendant(index, newParentId, nodeId);
}

export type DropPlace = "before" | "after" | "inside";

/**
 * Where a node dropped on a target lands: as the target's last child, or beside it. The position
 * is among the new parent's children without the moved node, as moveNode expects it.
 */
export function dropTarget<T extends TreeLike<T>>(
  index: Map<number, IndexEntry<T>>,
  nodeId: number,
  targetId: number,
  place: DropPlace,
): { parentId: number; position: number } | null {
  const target = index.get(targetId);
  if (!target) return null;
  if (place === "inside") {
    if (!canMove(index, nodeId, targetId)) return null;
    const siblings = target.node.childs.filter((child) => child.id !== nodeId);
    return { parentId: targetId, position: siblings.length };
  }
  if (target.parentId === null) return null;
  if (!canMove(index, nodeId, target.parentId) || nodeId === targetId) return null;
  const parent = index.get(target.parentId)!;
  const siblings = parent.node.childs.filter((child) => child.id !== nodeId).map((child) => child.id);
  const at = siblings.indexOf(targetId);
  return { parentId: target.parentId, position: place === "before" ? at : at + 1 };
}

/** Of several selected nodes, only those with no selected ancestor (the others go with them). */
export function topmost<T>(index: Map<number, IndexEntry<T>>, ids: number[]): number[] {
  const chosen = new Set(ids);
  return ids.filter((id) => !pathTo(index, id).slice(0, -1).some((ancestor) => chosen.has(ancestor)));
}

/** The ids to collapse so that only `depth` levels below the root stay open. */
export function collapsedBeyond<T extends TreeLike<T>>(root: T, depth: number): Set<number> {
  const collapsed = new Set<number>();
  const stack: [T, number][] = [[root, 0]];
  while (stack.length) {
    const [node, level] = stack.pop()!;
    if (node.childs.length === 0 && !node.hasChilds) continue;
    if (level >= depth) collapsed.add(node.id);
    else node.childs.forEach((child) => stack.push([child, level + 1]));
  }
  return collapsed;
}

export function countNodes<T extends TreeLike<T>>(root: T): number {
  let count = 0;
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    count += 1;
    stack.push(...node.childs);
  }
  return count;
}

/** Moving one item of a list from one place to another (for sorting siblings). */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  const result = [...items];
  const [item] = result.splice(from, 1);
  result.splice(Math.max(0, Math.min(to, result.length)), 0, item);
  return result;
}

export type FlatRow<T> = { kind: "node"; node: T; depth: number } | { kind: "add"; anchorId: number; depth: number };

/**
 * The rows the tree panel shows, in order: open branches only, plus the row where a new node is
 * being named (after the anchor's subtree; one level deeper for a child). Flat rows of one height
 * let the panel draw only the rows in view.
 */
export function visibleRows<T extends TreeLike<T>>(root: T, collapsed: ReadonlySet<number>, adding?: { anchorId: number; mode: "child" | "sibling" } | null): FlatRow<T>[] {
  const rows: FlatRow<T>[] = [];
  const stack: (FlatRow<T> | { kind: "end"; node: T; depth: number })[] = [{ kind: "node", node: root, depth: 0 }];
  while (stack.length) {
    const item = stack.pop()!;
    if (item.kind === "end") {
      if (adding?.anchorId === item.node.id) rows.push({ kind: "add", anchorId: item.node.id, depth: item.depth + (adding.mode === "child" ? 1 : 0) });
      continue;
    }
    if (item.kind === "add") continue;
    rows.push(item);
    stack.push({ kind: "end", node: item.node, depth: item.depth });
    if (!collapsed.has(item.node.id)) {
      for (let index = item.node.childs.length - 1; index >= 0; index--) stack.push({ kind: "node", node: item.node.childs[index], depth: item.depth + 1 });
    }
  }
  return rows;
}
