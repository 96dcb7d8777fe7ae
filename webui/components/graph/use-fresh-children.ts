"use client";
import { useEffect, useState } from "react";
import { nodeApi } from "@/lib/api/graph";
import type { TreeAnswer } from "@/lib/api/graph-types";

/**
 * A node with its direct children, fetched each time a dialog opens and never from a cache: the
 * dialogs that sort children or change a type must start from what is stored now.
 */
export function useFreshChildren(graphId: number, nodeId: number | null, open: boolean): TreeAnswer | undefined {
  const [answer, setAnswer] = useState<TreeAnswer | undefined>(undefined);
  useEffect(() => {
    setAnswer(undefined);
    if (!open || nodeId === null) return;
    let current = true;
    nodeApi.withChildren(graphId, nodeId).then(
      (fresh) => current && setAnswer(fresh),
      () => undefined, // shown by the client
    );
    return () => {
      current = false;
    };
  }, [graphId, nodeId, open]);
  return answer;
}
