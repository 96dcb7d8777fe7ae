import { notFound } from "next/navigation";
import { RelationGraphView } from "@/components/graph/relation-graph-view";
import { routeIds } from "@/lib/route-params";

export default async function RelationGraphPage({ params }: { params: Promise<{ graphId: string; nodeId?: string[] }> }) {
  const ids = routeIds(await params);
  if (!ids) notFound();
  return <RelationGraphView key={ids.graphId} graphId={ids.graphId} nodeId={ids.nodeId} />;
}
