/** Ids from route segments: a graph id, and an optional node id (optional catch-all). */
export function routeIds(params: { graphId: string; nodeId?: string[] | string }): { graphId: number; nodeId?: number } | null {
  const graphId = Number(params.graphId);
  const raw = Array.isArray(params.nodeId) ? params.nodeId[0] : params.nodeId;
  const nodeId = raw === undefined ? undefined : Number(raw);
  if (!Number.isInteger(graphId) || graphId <= 0) return null;
  if (nodeId !== undefined && (!Number.isInteger(nodeId) || nodeId <= 0)) return null;
  return { graphId, nodeId };
}
