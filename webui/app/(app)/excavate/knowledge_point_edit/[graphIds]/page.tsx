import { ReviewPage } from "@/components/excavate/review-page";
import { idList } from "@/lib/excavate/kinds";

/** knowledge_point_edit/{graphIds}: results of those graphs' point tasks (?task= narrows to one task). */
export default async function Page({ params, searchParams }: { params: Promise<{ graphIds: string }>; searchParams: Promise<{ task?: string }> }) {
  const graphIds = idList((await params).graphIds);
  const taskIds = idList((await searchParams).task);
  return <ReviewPage kind="points" graphIds={taskIds.length ? undefined : graphIds} taskIds={taskIds.length ? taskIds : undefined} />;
}
