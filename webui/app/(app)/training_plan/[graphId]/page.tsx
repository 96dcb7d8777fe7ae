import { notFound } from "next/navigation";
import { TrainingPlanView } from "@/components/graph/training-plan-view";
import { routeIds } from "@/lib/route-params";

export default async function TrainingPlanPage({ params }: { params: Promise<{ graphId: string }> }) {
  const ids = routeIds(await params);
  if (!ids) notFound();
  return <TrainingPlanView graphId={ids.graphId} />;
}
