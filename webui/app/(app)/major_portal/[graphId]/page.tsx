import { notFound } from "next/navigation";
import { MajorPortalView } from "@/components/graph/major-portal-view";
import { routeIds } from "@/lib/route-params";

export default async function MajorPortalPage({ params }: { params: Promise<{ graphId: string }> }) {
  const ids = routeIds(await params);
  if (!ids) notFound();
  return <MajorPortalView graphId={ids.graphId} />;
}
