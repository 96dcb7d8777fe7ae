import { describe, expect, it } from "vitest";
import { BUBBLE_ROOM, networkOf } from "@/components/graph/relation-graph/network";
import type { RelationGraphAnswer } from "@/lib/api/graph-types";

describe("networkOf", () => {
  it("keeps what the relation graph draws of each node (at its centre) and relation, not their content", () => {
    const answer = {
      graphId: 1,
      revision: 3,
      nodes: [{ id: 7, parentId: 1, name: "栈", type: "KnowPoint", desc: "long text", attributes: { a: 1 }, nodeTags: [], degree: 2, size: 60, x: 10, y: 20 }],
      relations: [{ relationId: 4, startNodeId: 7, targetNodeId: 8, relationshipType: "Behind", relationshipName: "先修", attributes: {} }],
    } as unknown as RelationGraphAnswer;
    expect(networkOf(answer)).toEqual({
      nodes: [{ id: 7, name: "栈", type: "KnowPoint", degree: 2, x: 40, y: 50 }],
      relations: [{ startNodeId: 7, targetNodeId: 8, relationshipType: "Behind", relationshipName: "先修" }],
    });
  });
});

  it("parts nodes laid out on each other", () => {
    const node = (id: number) => ({ id, name: `n${id}`, type: "KnowPoint", degree: 0, size: 50, x: 0, y: 0 });
    const answer = { graphId: 1, revision: 1, nodes: [node(1), node(2)], relations: [] } as unknown as RelationGraphAnswer;
    const [a, b] = networkOf(answer).nodes;
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(BUBBLE_ROOM - 1);
  });
