import { ReviewPage } from "@/components/excavate/review-page";
import { idList } from "@/lib/excavate/kinds";

/** belong_edit/{miningIds}: results of those attribution tasks. */
export default async function Page({ params }: { params: Promise<{ miningIds: string }> }) {
  return <ReviewPage kind="belong" taskIds={idList((await params).miningIds)} />;
}
