"use client";
import { LibraryPreview } from "@/components/library/library-preview";

/** /common_graph/{graphId}: the signed-in preview of a library graph, with 申请图谱. */
export function CommonGraphPreview({ graphId }: { graphId: number }) {
  return (
    <div className="h-[calc(100vh-5rem)]">
      <LibraryPreview
        graphId={graphId}
        signedIn
        shareUrl={(nodeId) => `${window.location.origin}/graph_preview/${graphId}${nodeId ? `/${nodeId}` : ""}`}
      />
    </div>
  );
}
