import { notFound } from "next/navigation";
import { AttainmentView } from "@/components/attainment/attainment-view";
import { routeIds } from "@/lib/route-params";

export default async function AttainmentPage({ params }: { params: Promise<{ graphId: string }> }) {
  const ids = routeIds(await params);
  if (!ids) notFound();
  return <AttainmentView graphId={ids.graphId} />;
}
