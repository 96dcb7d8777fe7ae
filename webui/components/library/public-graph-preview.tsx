"use client";
import { LibraryPreview } from "@/components/library/library-preview";
import { SitePage } from "@/components/site/site-header";
import { useSession } from "@/hooks/use-session";

/** /graph_preview_index/{graphId}/{nodeId?}: a published graph without sign-in. */
export function PublicGraphPreview({ graphId, nodeId }: { graphId: number; nodeId: number | null }) {
  const session = useSession();
  return (
    <SitePage wide fill>
      <LibraryPreview
        graphId={graphId}
        nodeId={nodeId}
        signedIn={!!session && session.profile.Role !== "test"}
        shareUrl={(id) => `${window.location.origin}/graph_preview/${graphId}${id ? `/${id}` : ""}`}
      />
    </SitePage>
  );
}
