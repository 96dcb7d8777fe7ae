import { notFound, redirect } from "next/navigation";
import { routeIds } from "@/lib/route-params";

/** SPEC §2: /graph_preview/{graphId}/{nodeId?} redirects to /graph_preview_index/{graphId}/{nodeId?}. */
export default async function GraphPreviewRedirect({ params }: { params: Promise<{ graphId: string; nodeId?: string[] }> }) {
  const ids = routeIds(await params);
  if (!ids) notFound();
  redirect(`/graph_preview_index/${ids.graphId}${ids.nodeId ? `/${ids.nodeId}` : ""}`);
}
