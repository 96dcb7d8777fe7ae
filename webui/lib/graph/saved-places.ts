/**
 * Where the user dragged bubbles of a relation graph, kept in this browser (a view preference, not
 * the graph's data): one localStorage entry per graph, node id → centre. Storage that fails (full,
 * disabled) only loses the arrangement, never the page.
 */
export type Place = { x: number; y: number };

const PREFIX = "zhitu.relationGraph.places.";

export function savedPlacesKey(graphId: number): string {
  return `${PREFIX}${graphId}`;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isPlace(value: unknown): value is Place {
  const place = value as Place | null;
  return typeof place === "object" && place !== null && Number.isFinite(place.x) && Number.isFinite(place.y);
}

/** Everything saved for the graph, malformed entries dropped. */
function readAll(graphId: number): Map<number, Place> {
  const places = new Map<number, Place>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(savedPlacesKey(graphId)) ?? "{}");
  } catch {
    return places;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return places;
  for (const [id, place] of Object.entries(parsed)) {
    const nodeId = Number(id);
    if (Number.isInteger(nodeId) && isPlace(place)) places.set(nodeId, { x: place.x, y: place.y });
  }
  return places;
}

function writeAll(graphId: number, places: Map<number, Place>): void {
  const store = storage();
  if (!store) return;
  try {
    if (places.size === 0) store.removeItem(savedPlacesKey(graphId));
    else store.setItem(savedPlacesKey(graphId), JSON.stringify(Object.fromEntries([...places].map(([id, { x, y }]) => [id, { x, y }]))));
  } catch {
    // Quota or disabled storage: the arrangement lasts until the page goes, as before.
  }
}

/** The saved places of the nodes that still exist; those of nodes gone are dropped from storage too. */
export function loadSavedPlaces(graphId: number, nodeIds: Iterable<number>): Map<number, Place> {
  const saved = readAll(graphId);
  const existing = new Set(nodeIds);
  const kept = new Map([...saved].filter(([id]) => existing.has(id)));
  if (kept.size !== saved.size) writeAll(graphId, kept);
  return kept;
}

/** Remembers where a bubble was dropped. */
export function savePlace(graphId: number, nodeId: number, place: Place): void {
  if (!isPlace(place)) return;
  const saved = readAll(graphId);
  saved.set(nodeId, { x: place.x, y: place.y });
  writeAll(graphId, saved);
}

/** Forgets every dragged place of the graph: it is drawn as laid out again. */
export function clearSavedPlaces(graphId: number): void {
  try {
    storage()?.removeItem(savedPlacesKey(graphId));
  } catch {
    // Nothing saved can be read either.
  }
}
