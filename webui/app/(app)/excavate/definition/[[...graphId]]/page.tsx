import { MiningPage } from "@/components/excavate/mining-page";
import { optionalId } from "@/lib/excavate/params";

export default async function Page({ params }: { params: Promise<{ graphId?: string[] }> }) {
  const graphId = optionalId((await params).graphId);
  return <MiningPage key={graphId ?? 0} screen="definition" graphId={graphId} />;
}
