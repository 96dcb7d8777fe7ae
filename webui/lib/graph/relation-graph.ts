/**
 * The relation graph's maths (SPEC §2, §9): node sizes 50–80 by degree, a colour per relation
 * type, filtering by type. The network's layout comes from the server with the graph
 * (toolkit/graphs/layout.py): laying it out here froze the page for seconds to a minute.
 */
import type { Relation, RelationType } from "@/lib/api/graph-types";

export const MIN_NODE_SIZE = 50;
export const MAX_NODE_SIZE = 80;

/** SPEC §9: the cycled palette of 20, for relation types the template gives no colour. */
export const CYCLED_PALETTE = [
  "#5470c6", "#91cc75", "#fac858", "#ee6666", "#73c0de", "#3ba272", "#fc8452", "#9a60b4", "#ea7ccc", "#2f4554",
  "#61a0a8", "#d48265", "#749f83", "#ca8622", "#bda29a", "#6e7074", "#546570", "#c4ccd3", "#f05b72", "#7b9ce1",
];

/** Linear between the smallest and the largest degree present; all equal gives the smallest size. */
export function sizeByDegree(degrees: Map<number, number>): Map<number, number> {
  const sizes = new Map<number, number>();
  if (degrees.size === 0) return sizes;
  const values = [...degrees.values()];
  const low = Math.min(...values);
  const span = Math.max(...values) - low;
  for (const [id, degree] of degrees) {
    sizes.set(id, span === 0 ? MIN_NODE_SIZE : Math.round(MIN_NODE_SIZE + ((degree - low) * (MAX_NODE_SIZE - MIN_NODE_SIZE)) / span));
  }
  return sizes;
}

export function degreesOf(nodeIds: number[], relations: Pick<Relation, "startNodeId" | "targetNodeId">[]): Map<number, number> {
  const degrees = new Map<number, number>(nodeIds.map((id) => [id, 0]));
  for (const relation of relations) {
    if (degrees.has(relation.startNodeId)) degrees.set(relation.startNodeId, degrees.get(relation.startNodeId)! + 1);
    if (degrees.has(relation.targetNodeId)) degrees.set(relation.targetNodeId, degrees.get(relation.targetNodeId)! + 1);
  }
  return degrees;
}

export function relationColours(types: string[], known: RelationType[]): Map<string, string> {
  const byCode = new Map(known.map((type) => [type.code, type.color]));
  const colours = new Map<string, string>();
  types.forEach((type, index) => colours.set(type, byCode.get(type) || CYCLED_PALETTE[index % CYCLED_PALETTE.length]));
  return colours;
}

export function relationTypesPresent(relations: Pick<Relation, "relationshipType">[]): string[] {
  return [...new Set(relations.map((relation) => relation.relationshipType))].sort();
}

export function visibleRelations<T extends Pick<Relation, "relationshipType">>(relations: T[], hidden: ReadonlySet<string>): T[] {
  return relations.filter((relation) => !hidden.has(relation.relationshipType));
}

export interface Positioned {
  id: number;
  x: number;
  y: number;
}

/** Related nodes placed on a circle around the centre node (the drawer's small network). */
export function ringAround(centreId: number, others: number[], radius = 160): Positioned[] {
  const result: Positioned[] = [{ id: centreId, x: 0, y: 0 }];
  others.forEach((id, index) => {
    const angle = (2 * Math.PI * index) / Math.max(1, others.length) - Math.PI / 2;
    result.push({ id, x: Math.round(radius * Math.cos(angle)), y: Math.round(radius * Math.sin(angle)) });
  });
  return result;
}

/** Past this many nodes the relation graph opens on its busiest part, not the whole network. */
export const BIG_NETWORK = 1000;
/** About how many nodes a big network may put in view at once (React Flow mounts what is in view); its middle is denser than the average. */
export const IN_VIEW_BUDGET = 300;

/**
 * The zoom at which a viewport of `width` × `height` px centred on `centre` holds about `budget`
 * nodes: the budget-th nearest node (measured in viewport halves) sits on the edge. A network's
 * middle is far denser than its average, so this counts rather than averages. Never below
 * `floor`, never above 1.
 */
export function zoomFloor(places: Iterable<{ x: number; y: number }>, centre: { x: number; y: number }, width: number, height: number,
  floor: number, budget = IN_VIEW_BUDGET): number {
  const reach: number[] = [];
  for (const { x, y } of places) reach.push(Math.max(Math.abs(x - centre.x) / (width / 2), Math.abs(y - centre.y) / (height / 2)));
  if (reach.length <= budget) return floor;
  reach.sort((a, b) => a - b);
  const edge = reach[budget - 1];
  return edge > 0 ? Math.min(1, Math.max(floor, 1 / edge)) : 1;
}

/** The relation types the template's rules allow from a `startType` node to an `endType` node (the server checks the same). */
export function typesBetween(relationTypes: RelationType[], startType: string, endType: string): RelationType[] {
  return relationTypes.filter(
    (type) =>
      type.code !== "Contain" &&
      (type.effectScope.length === 0 || type.effectScope.some((scope) => scope.startEntityCode === startType && scope.endEntityCode === endType)),
  );
}

/** Each node's neighbours over the given relations. */
export function neighbourhoods(relations: Pick<Relation, "startNodeId" | "targetNodeId">[]): Map<number, Set<number>> {
  const around = new Map<number, Set<number>>();
  const link = (a: number, b: number) => {
    let set = around.get(a);
    if (!set) around.set(a, (set = new Set()));
    set.add(b);
  };
  for (const relation of relations) {
    link(relation.startNodeId, relation.targetNodeId);
    link(relation.targetNodeId, relation.startNodeId);
  }
  return around;
}

/** On-screen room (px) a node and its label need before every label can be shown without overlapping. */
export const LABEL_ROOM_PX = 110;
/** Labels are never drawn smaller than this on screen (px): below zoom 1 their font grows as the zoom shrinks. */
export const LABEL_SCREEN_PX = 12;
/** Nodes sampled to measure a network's spacing (the measure is quadratic in the sample). */
const SPACING_SAMPLE = 300;

/**
 * The zoom from which every label is shown (level of detail): the one where the median distance
 * between a node and its nearest neighbour is LABEL_ROOM_PX on screen. Below it only the hovered
 * and the selected node and their neighbours are labelled. Between `floor` and 1.
 */
export function labelZoom(centres: { x: number; y: number }[], floor = 0.2): number {
  if (centres.length < 2) return floor;
  const step = Math.max(1, Math.floor(centres.length / SPACING_SAMPLE));
  const nearest: number[] = [];
  for (let i = 0; i < centres.length; i += step) {
    let best = Infinity;
    const a = centres[i];
    for (let j = 0; j < centres.length; j++) {
      if (j === i) continue;
      const d = (a.x - centres[j].x) ** 2 + (a.y - centres[j].y) ** 2;
      if (d < best) best = d;
    }
    nearest.push(Math.sqrt(best));
  }
  nearest.sort((a, b) => a - b);
  const median = nearest[Math.floor(nearest.length / 2)];
  return median > 0 ? Math.min(1, Math.max(floor, LABEL_ROOM_PX / median)) : 1;
}

/** How much a label's font grows in flow units at this zoom so it stays LABEL_SCREEN_PX on screen. */
export function labelScale(zoom: number): number {
  return zoom >= 1 ? 1 : 1 / Math.max(zoom, 0.01);
}

/**
 * Centres pushed apart so no two bubbles of up to `diameter` lie on each other (a force layout
 * does not promise that): a few passes over a grid of cells `diameter` wide, each pair too close
 * moved apart along the line between them. Linear in the nodes (typed arrays and numeric cell
 * keys: it runs on the main thread at 5,000 nodes); the same input, the same answer.
 */
export function separated<T extends { id: number; x: number; y: number }>(centres: T[], diameter: number, passes = 6): Map<number, { x: number; y: number }> {
  const count = centres.length;
  const xs = Float64Array.from(centres, (centre) => centre.x);
  const ys = Float64Array.from(centres, (centre) => centre.y);
  // Cells as linked lists in typed arrays: head per cell key, next per node.
  const next = new Int32Array(count);
  const cellKey = (cx: number, cy: number) => (cx + 0x8000) * 0x10000 + (cy + 0x8000);
  for (let pass = 0; pass < passes; pass++) {
    const heads = new Map<number, number>();
    for (let i = 0; i < count; i++) {
      const key = cellKey(Math.floor(xs[i] / diameter), Math.floor(ys[i] / diameter));
      next[i] = heads.get(key) ?? -1;
      heads.set(key, i);
    }
    let moved = false;
    for (let i = 0; i < count; i++) {
      const cx = Math.floor(xs[i] / diameter);
      const cy = Math.floor(ys[i] / diameter);
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (let j = heads.get(cellKey(cx + dx, cy + dy)) ?? -1; j !== -1; j = next[j]) {
            if (j <= i) continue;
            const ox = xs[j] - xs[i];
            const oy = ys[j] - ys[i];
            const distance = Math.sqrt(ox * ox + oy * oy);
            if (distance >= diameter) continue;
            // The same place: part them along a direction fixed by their order.
            const ux = distance > 0 ? ox / distance : Math.cos(i + j);
            const uy = distance > 0 ? oy / distance : Math.sin(i + j);
            const half = (diameter - distance) / 2;
            xs[i] -= ux * half;
            ys[i] -= uy * half;
            xs[j] += ux * half;
            ys[j] += uy * half;
            moved = true;
          }
        }
      }
    }
    if (!moved) break;
  }
  return new Map(centres.map((centre, i) => [centre.id, { x: Math.round(xs[i]), y: Math.round(ys[i]) }]));
}

/** Nodes whose name holds the query (case-insensitive): the name itself first, then names starting with it, at most `limit`. */
export function nodesNamed<T extends { name: string }>(nodes: T[], query: string, limit = 8): T[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return [];
  const same: T[] = [];
  const starts: T[] = [];
  const holds: T[] = [];
  for (const node of nodes) {
    const name = node.name.toLowerCase();
    if (name === wanted) same.push(node);
    else if (name.startsWith(wanted)) starts.push(node);
    else if (name.includes(wanted)) holds.push(node);
  }
  return [...same, ...starts, ...holds].slice(0, limit);
}

/** Side (flow px) of the cells the network's places are filed in to find the ones near the viewport. */
export const WINDOW_CELL = 400;
/** Extra room around the viewport, as a share of its size each side, where bubbles are mounted ahead of a pan. */
export const WINDOW_MARGIN = 0.05;

export interface CellRange {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Node ids filed by the cell their centre lies in. */
export function gridOf(centres: Map<number, { x: number; y: number }>, cell = WINDOW_CELL): Map<string, number[]> {
  const grid = new Map<string, number[]>();
  for (const [id, { x, y }] of centres) {
    const key = `${Math.floor(x / cell)},${Math.floor(y / cell)}`;
    const ids = grid.get(key);
    if (ids) ids.push(id);
    else grid.set(key, [id]);
  }
  return grid;
}

/** The cells under a viewport (flow coordinates) and WINDOW_MARGIN around it; the same range while a pan stays within its cells. */
export function cellsAround(view: { x: number; y: number; width: number; height: number }, margin = WINDOW_MARGIN, cell = WINDOW_CELL): CellRange {
  const dx = view.width * margin;
  const dy = view.height * margin;
  return {
    left: Math.floor((view.x - dx) / cell),
    top: Math.floor((view.y - dy) / cell),
    right: Math.floor((view.x + view.width + dx) / cell),
    bottom: Math.floor((view.y + view.height + dy) / cell),
  };
}

export function sameCells(a: CellRange | null, b: CellRange | null): boolean {
  return a === b || (a !== null && b !== null && a.left === b.left && a.top === b.top && a.right === b.right && a.bottom === b.bottom);
}

/** The ids filed in a range of cells. */
export function idsInCells(grid: Map<string, number[]>, range: CellRange): Set<number> {
  const ids = new Set<number>();
  for (let cx = range.left; cx <= range.right; cx++) {
    for (let cy = range.top; cy <= range.bottom; cy++) for (const id of grid.get(`${cx},${cy}`) ?? []) ids.add(id);
  }
  return ids;
}
