import { notFound } from "next/navigation";
import { CommonGraphPreview } from "@/components/library/common-graph-preview";
import { routeIds } from "@/lib/route-params";

export default async function CommonGraphPage({ params }: { params: Promise<{ graphId: string }> }) {
  const ids = routeIds(await params);
  if (!ids) notFound();
  return <CommonGraphPreview graphId={ids.graphId} />;
}
