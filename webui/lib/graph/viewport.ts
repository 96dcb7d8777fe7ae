/** Zoom and centring rules of the graph canvases (SPEC §4 node selection, §9 constants). */
export const MIND_MAP_ZOOM = { min: 0.1, max: 2 } as const;
export const RELATION_ZOOM = { min: 0.1, max: 3 } as const;
export const AUTO_ZOOM = 0.8;
export const ZOOM_STEP = 0.1;
export const REFRESH_LOCK_MS = 1000;

export function clampZoom(zoom: number, bounds: { min: number; max: number }): number {
  return Math.min(bounds.max, Math.max(bounds.min, Math.round(zoom * 100) / 100));
}

/** One press of zoom in (+1) or out (-1), in steps of 0.1 within the bounds. */
export function stepZoom(zoom: number, direction: 1 | -1, bounds: { min: number; max: number }): number {
  return clampZoom(Math.round((zoom + direction * ZOOM_STEP) * 10) / 10, bounds);
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Is a node (in screen pixels) inside the central area of the canvas? The central area is the
 * canvas less a margin of a fifth of its size on each side; a node outside it gets centred.
 */
export function insideCentralArea(node: Rect, canvas: { width: number; height: number }, marginRatio = 0.2): boolean {
  const marginX = canvas.width * marginRatio;
  const marginY = canvas.height * marginRatio;
  return node.x >= marginX && node.y >= marginY && node.x + node.width <= canvas.width - marginX && node.y + node.height <= canvas.height - marginY;
}

/**
 * The box a dragged box overlaps most, or null when it overlaps none: where a drop lands. The
 * first box it touches would do only when boxes never crowd; in a mind map a parent and its child
 * often both touch the dragged node, and the one the node mostly covers is the one meant.
 */
export function mostOverlapped<Id>(dragged: Rect, others: readonly { id: Id; box: Rect }[]): Id | null {
  let best: Id | null = null;
  let bestArea = 0;
  for (const { id, box } of others) {
    const width = Math.min(dragged.x + dragged.width, box.x + box.width) - Math.max(dragged.x, box.x);
    const height = Math.min(dragged.y + dragged.height, box.y + box.height) - Math.max(dragged.y, box.y);
    const area = width > 0 && height > 0 ? width * height : 0;
    if (area > bestArea) [best, bestArea] = [id, area];
  }
  return best;
}
