import { notFound } from "next/navigation";
import { GraphWorkspace } from "@/components/graph/graph-workspace";
import { routeIds } from "@/lib/route-params";

/** SPEC §2: the ability graph of a major or a course is edited in the same workspace as any tree. */
export default async function CourseGraphPage({ params }: { params: Promise<{ graphId: string }> }) {
  const ids = routeIds(await params);
  if (!ids) notFound();
  return <GraphWorkspace key={ids.graphId} graphId={ids.graphId} />;
}
