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
