/**
 * The mind map's keys (issue 17, as in XMind): which command a key press means, and where the
 * arrows move the selection on the drawn (two-sided) map. Pure.
 */

export type MapCommand =
  | "addChild"
  | "addSibling"
  | "remove"
  | "rename"
  | "toggle"
  | "copy"
  | "paste"
  | "undo"
  | "redo"
  | "help"
  | "deselect"
  | "up"
  | "down"
  | "left"
  | "right";

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The command of a key press, or null (the key then does what it does anyway). */
export function commandOf(event: KeyPress): MapCommand | null {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (event.altKey) return null;
  if (mod) {
    if (key === "z") return event.shiftKey ? "redo" : "undo";
    if (key === "y" && !event.shiftKey) return "redo";
    if (key === "c" && !event.shiftKey) return "copy";
    if (key === "v" && !event.shiftKey) return "paste";
    return null;
  }
  switch (key) {
    case "Tab":
      return event.shiftKey ? null : "addChild";
    case "Enter":
      return event.shiftKey ? null : "addSibling";
    case "Delete":
    case "Backspace":
      return "remove";
    case "F2":
      return "rename";
    case " ":
      return "toggle";
    case "?":
      return "help";
    case "Escape":
      return "deselect";
    case "ArrowUp":
      return "up";
    case "ArrowDown":
      return "down";
    case "ArrowLeft":
      return "left";
    case "ArrowRight":
      return "right";
  }
  return null;
}

/** What the arrows need of a drawn node (lib/graph/mind-map-layout's PlacedNode has it). */
export interface DrawnNode {
  id: number;
  parentId: number | null;
  side: "left" | "right" | "root";
  y: number;
  height: number;
}

const middle = (node: DrawnNode) => node.y + node.height / 2;

/**
 * Where an arrow moves the selection from `id`: up and down among the drawn siblings, outwards to
 * the child nearest in height, inwards to the parent. Left and right follow the node's side, so
 * on the left half "left" goes outwards.
 */
export function arrowTarget(nodes: readonly DrawnNode[], id: number, arrow: "up" | "down" | "left" | "right"): number | null {
  const node = nodes.find((candidate) => candidate.id === id);
  if (!node) return null;
  if (arrow === "up" || arrow === "down") {
    if (node.parentId === null) return null;
    const siblings = nodes.filter((other) => other.parentId === node.parentId && other.side === node.side).sort((a, b) => a.y - b.y);
    const at = siblings.findIndex((other) => other.id === id);
    const next = siblings[arrow === "up" ? at - 1 : at + 1];
    return next ? next.id : null;
  }
  const outwardSide = arrow === "left" ? "left" : "right";
  const inwards = node.side !== "root" && node.side !== outwardSide;
  if (inwards) return node.parentId;
  const children = nodes.filter((other) => other.parentId === id && (node.side !== "root" || other.side === outwardSide));
  if (children.length === 0) return null;
  const centre = middle(node);
  return children.reduce((best, child) => (Math.abs(middle(child) - centre) < Math.abs(middle(best) - centre) ? child : best)).id;
}
