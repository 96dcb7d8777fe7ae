import { ReviewPage } from "@/components/excavate/review-page";
import { idList } from "@/lib/excavate/kinds";

/** catalogue_edit/{graphIds}: results of those graphs' catalogue tasks (?task= narrows to one task). */
export default async function Page({ params, searchParams }: { params: Promise<{ graphIds: string }>; searchParams: Promise<{ task?: string }> }) {
  const graphIds = idList((await params).graphIds);
  const taskIds = idList((await searchParams).task);
  return <ReviewPage kind="catalogue" graphIds={taskIds.length ? undefined : graphIds} taskIds={taskIds.length ? taskIds : undefined} />;
}
