import { notFound } from "next/navigation";
import { BindRelationView } from "@/components/graph/bind-relation-view";
import { routeIds } from "@/lib/route-params";

export default async function BindRelationPage({ params }: { params: Promise<{ graphId: string; nodeId: string }> }) {
  const ids = routeIds(await params);
  if (!ids?.nodeId) notFound();
  return <BindRelationView graphId={ids.graphId} nodeId={ids.nodeId} />;
}
