import { notFound } from "next/navigation";
import { PointListView } from "@/components/graph/point-list-view";
import { routeIds } from "@/lib/route-params";

export default async function PointListPage({ params }: { params: Promise<{ graphId: string }> }) {
  const ids = routeIds(await params);
  if (!ids) notFound();
  return <PointListView key={ids.graphId} graphId={ids.graphId} />;
}
