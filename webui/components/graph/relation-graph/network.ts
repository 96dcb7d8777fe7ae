import type { RelationGraphAnswer } from "@/lib/api/graph-types";
import { MAX_NODE_SIZE, separated } from "@/lib/graph/relation-graph";

/** Bubbles are kept this far apart (centre to centre) at least, whatever the layout gave. */
export const BUBBLE_ROOM = MAX_NODE_SIZE + 24;

/** A node as the relation graph draws it: the answer's node without its content (descriptions, attributes, tags). */
export interface NetworkNode {
  id: number;
  name: string;
  type: string;
  degree: number;
  /** The centre of the node's place laid out by the server, parted from its neighbours' (BUBBLE_ROOM). */
  x: number;
  y: number;
}

export interface NetworkRelation {
  startNodeId: number;
  targetNodeId: number;
  relationshipType: string;
  relationshipName?: string;
}

export interface Network {
  nodes: NetworkNode[];
  relations: NetworkRelation[];
}

/**
 * Only what the relation graph draws of the server's answer (searchGraph), each node at its centre
 * parted from the others: a force layout does not promise that no two bubbles lie on each other.
 */
export function networkOf(answer: RelationGraphAnswer): Network {
  const centres = separated(answer.nodes.map((node) => ({ id: node.id, x: node.x + node.size / 2, y: node.y + node.size / 2 })), BUBBLE_ROOM);
  return {
    nodes: answer.nodes.map(({ id, name, type, degree }) => ({ id, name, type, degree, ...centres.get(id)! })),
    relations: answer.relations.map(({ startNodeId, targetNodeId, relationshipType, relationshipName }) => ({ startNodeId, targetNodeId, relationshipType, relationshipName })),
  };
}
