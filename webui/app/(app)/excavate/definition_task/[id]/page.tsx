import { ReviewPage } from "@/components/excavate/review-page";
import { idList } from "@/lib/excavate/kinds";

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  return <ReviewPage kind="definitions" taskIds={idList((await params).id)} />;
}
