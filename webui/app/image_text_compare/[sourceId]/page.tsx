import { notFound } from "next/navigation";
import { SourceCompareGate } from "@/components/library/public-source-compare";

/** Public (SPEC §2): visitors see materials of public library graphs; signed-in users what they may see. */
export default async function Page({ params }: { params: Promise<{ sourceId: string }> }) {
  const id = Number((await params).sourceId);
  if (!Number.isInteger(id) || id <= 0) notFound();
  return <SourceCompareGate sourceId={id} />;
}
