import { notFound } from "next/navigation";
import { PublicGraphPreview } from "@/components/library/public-graph-preview";
import { routeIds } from "@/lib/route-params";

export default async function GraphPreviewIndexPage({ params }: { params: Promise<{ graphId: string; nodeId?: string[] }> }) {
  const ids = routeIds(await params);
  if (!ids) notFound();
  return <PublicGraphPreview graphId={ids.graphId} nodeId={ids.nodeId ?? null} />;
}
