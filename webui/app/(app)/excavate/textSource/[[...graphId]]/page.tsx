import { TextSourcePage } from "@/components/excavate/text-source-page";
import { optionalId } from "@/lib/excavate/params";

export default async function Page({ params }: { params: Promise<{ graphId?: string[] }> }) {
  const graphId = optionalId((await params).graphId);
  return <TextSourcePage key={graphId ?? 0} graphId={graphId} />;
}
