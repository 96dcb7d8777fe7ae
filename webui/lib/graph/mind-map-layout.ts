/**
 * The mind map's layout (SPEC §2 "Mind map", §9): a linear tidy tree, root in the middle, the
 * root's children split between a left and a right side, vertical gap 14, horizontal gap 100,
 * labels wrapped every 30 characters. Pure and O(n): the sizes are estimated from the text, so no
 * measuring pass in the browser is needed and thousands of nodes lay out in milliseconds.
 */
export const VERTICAL_GAP = 14;
export const HORIZONTAL_GAP = 100;
export const WRAP_EVERY = 30;

export type Side = "root" | "left" | "right";

export interface LayoutSource {
  id: number;
  name: string;
  direction?: "left" | "right" | null;
  childs: LayoutSource[];
  /** A node at the cut of a depth-limited tree: it has children, not loaded yet. */
  hasChilds?: boolean;
}

export interface PlacedNode<T extends LayoutSource = LayoutSource> {
  id: number;
  source: T;
  parentId: number | null;
  depth: number;
  side: Side;
  x: number;
  y: number;
  width: number;
  height: number;
  lines: string[];
  fontSize: number;
  childCount: number;
  collapsed: boolean;
}

export interface PlacedEdge {
  id: string;
  source: number;
  target: number;
  side: Exclude<Side, "root">;
}

export interface MindMapLayout<T extends LayoutSource = LayoutSource> {
  nodes: PlacedNode<T>[];
  edges: PlacedEdge[];
}

export interface LayoutOptions {
  collapsed?: ReadonlySet<number>;
  /** Extra width a node needs beside its label (marks, the collapse button). */
  extraWidth?: (node: LayoutSource, depth: number) => number;
}

const PADDING_X = 12;
const PADDING_Y = 6;
const LINE_HEIGHT = 1.5;

/** SPEC §9: labels wrap every 30 characters (counted as characters, not UTF-16 units). */
export function wrapLabel(text: string, every = WRAP_EVERY): string[] {
  const characters = Array.from(text.trim() || " ");
  const lines: string[] = [];
  for (let start = 0; start < characters.length; start += every) lines.push(characters.slice(start, start + every).join(""));
  return lines;
}

export function fontSizeAt(depth: number): number {
  return depth === 0 ? 18 : depth === 1 ? 15 : 14;
}

/** Wide (CJK, full-width) characters take a full em; the rest about 0.62 em in the UI's sans fonts. */
export function textWidth(text: string, fontSize: number): number {
  let width = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    width += code >= 0x2e80 || (code >= 0xff00 && code <= 0xffef) ? fontSize : fontSize * 0.62;
  }
  return width;
}

export function boxSize(lines: string[], fontSize: number, extra = 0): { width: number; height: number } {
  const widest = Math.max(...lines.map((line) => textWidth(line, fontSize)));
  return {
    width: Math.ceil(widest + PADDING_X * 2 + extra),
    height: Math.ceil(lines.length * fontSize * LINE_HEIGHT + PADDING_Y * 2),
  };
}

function weight(node: LayoutSource, collapsed: ReadonlySet<number>): number {
  let total = 0;
  const stack = [node];
  while (stack.length) {
    const current = stack.pop()!;
    total += 1;
    if (!collapsed.has(current.id)) stack.push(...current.childs);
  }
  return total;
}

/**
 * Which side each child of the root goes to: its stored direction if it has one, else the
 * lighter side so far (by visible nodes), so the two halves stay about equally tall.
 */
export function splitSides(children: LayoutSource[], collapsed: ReadonlySet<number> = new Set()): Map<number, "left" | "right"> {
  const sides = new Map<number, "left" | "right">();
  const load = { left: 0, right: 0 };
  for (const child of children) {
    const w = weight(child, collapsed);
    if (child.direction === "left" || child.direction === "right") {
      sides.set(child.id, child.direction);
      load[child.direction] += w;
    }
  }
  for (const child of children) {
    if (sides.has(child.id)) continue;
    const side = load.right <= load.left ? "right" : "left";
    sides.set(child.id, side);
    load[side] += weight(child, collapsed);
  }
  return sides;
}

export function layoutMindMap<T extends LayoutSource>(root: T, options: LayoutOptions = {}): MindMapLayout<T> {
  const collapsed = options.collapsed ?? new Set<number>();
  const nodes: PlacedNode<T>[] = [];
  const edges: PlacedEdge[] = [];
  const blockHeight = new Map<number, number>();

  const place = (source: T, parentId: number | null, depth: number, side: Side): PlacedNode<T> => {
    const lines = wrapLabel(source.name);
    const fontSize = fontSizeAt(depth);
    const { width, height } = boxSize(lines, fontSize, options.extraWidth?.(source, depth) ?? 0);
    const isCollapsed = collapsed.has(source.id) && (source.childs.length > 0 || Boolean(source.hasChilds));
    const placed: PlacedNode<T> = {
      id: source.id, source, parentId, depth, side, x: 0, y: 0, width, height, lines, fontSize,
      childCount: source.childs.length, collapsed: isCollapsed,
    };
    nodes.push(placed);
    return placed;
  };

  // Sizes first (pre-order, iterative), then the height of every subtree's block (post-order).
  const rootPlaced = place(root, null, 0, "root");
  const sides = splitSides(root.childs, collapsed);
  const kids = new Map<number, PlacedNode<T>[]>();
  const stack: PlacedNode<T>[] = [rootPlaced];
  while (stack.length) {
    const parent = stack.pop()!;
    if (parent.collapsed) continue;
    const placedKids = (parent.source.childs as T[]).map((child) =>
      place(child, parent.id, parent.depth + 1, parent.side === "root" ? sides.get(child.id)! : parent.side),
    );
    kids.set(parent.id, placedKids);
    stack.push(...placedKids);
  }
  for (let index = nodes.length - 1; index >= 0; index--) {
    const node = nodes[index];
    const children = kids.get(node.id) ?? [];
    const childrenHeight = children.reduce((sum, child) => sum + blockHeight.get(child.id)!, 0) + Math.max(0, children.length - 1) * VERTICAL_GAP;
    blockHeight.set(node.id, node.depth === 0 ? node.height : Math.max(node.height, childrenHeight));
  }

  const stackBlock = (children: PlacedNode<T>[], parent: PlacedNode<T>, centreY: number) => {
    const total = children.reduce((sum, child) => sum + blockHeight.get(child.id)!, 0) + Math.max(0, children.length - 1) * VERTICAL_GAP;
    let top = centreY - total / 2;
    for (const child of children) {
      const block = blockHeight.get(child.id)!;
      const childCentre = top + block / 2;
      child.y = childCentre - child.height / 2;
      child.x = child.side === "right" ? parent.x + parent.width + HORIZONTAL_GAP : parent.x - HORIZONTAL_GAP - child.width;
      edges.push({ id: `${parent.id}-${child.id}`, source: parent.id, target: child.id, side: child.side as "left" | "right" });
      const grandChildren = kids.get(child.id);
      if (grandChildren?.length) stackBlock(grandChildren, child, childCentre);
      top += block + VERTICAL_GAP;
    }
  };

  rootPlaced.x = -rootPlaced.width / 2;
  rootPlaced.y = -rootPlaced.height / 2;
  const rootKids = kids.get(root.id) ?? [];
  stackBlock(rootKids.filter((kid) => kid.side === "right"), rootPlaced, 0);
  stackBlock(rootKids.filter((kid) => kid.side === "left"), rootPlaced, 0);
  return { nodes, edges };
}
