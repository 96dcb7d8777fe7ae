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
/** Bubbles mounted in the first frame of a network (a small one is drawn at once); each next frame doubles them. */
export const MOUNT_STEP = 200;
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
 * moved apart along the line between them. Linear in the nodes; the same input, the same answer.
 */
export function separated<T extends { id: number; x: number; y: number }>(centres: T[], diameter: number, passes = 6): Map<number, { x: number; y: number }> {
  const places = centres.map((centre) => ({ id: centre.id, x: centre.x, y: centre.y }));
  for (let pass = 0; pass < passes; pass++) {
    const cells = new Map<string, number[]>();
    places.forEach((place, index) => {
      const key = `${Math.floor(place.x / diameter)},${Math.floor(place.y / diameter)}`;
      const cell = cells.get(key);
      if (cell) cell.push(index);
      else cells.set(key, [index]);
    });
    let moved = false;
    places.forEach((a, i) => {
      const cx = Math.floor(a.x / diameter);
      const cy = Math.floor(a.y / diameter);
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (const j of cells.get(`${cx + dx},${cy + dy}`) ?? []) {
            if (j <= i) continue;
            const b = places[j];
            const ox = b.x - a.x;
            const oy = b.y - a.y;
            const distance = Math.hypot(ox, oy);
            if (distance >= diameter) continue;
            // The same place: part them along a direction fixed by their order.
            const ux = distance > 0 ? ox / distance : Math.cos(i + j);
            const uy = distance > 0 ? oy / distance : Math.sin(i + j);
            const half = (diameter - distance) / 2;
            a.x -= ux * half;
            a.y -= uy * half;
            b.x += ux * half;
            b.y += uy * half;
            moved = true;
          }
        }
      }
    });
    if (!moved) break;
  }
  return new Map(places.map((place) => [place.id, { x: Math.round(place.x), y: Math.round(place.y) }]));
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
