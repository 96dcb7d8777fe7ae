import { notFound } from "next/navigation";
import { GraphWorkspace } from "@/components/graph/graph-workspace";
import { routeIds } from "@/lib/route-params";

export default async function KnowledgeTreePage({ params }: { params: Promise<{ graphId: string; nodeId?: string[] }> }) {
  const ids = routeIds(await params);
  if (!ids) notFound();
  return <GraphWorkspace key={ids.graphId} graphId={ids.graphId} nodeId={ids.nodeId} />;
}
