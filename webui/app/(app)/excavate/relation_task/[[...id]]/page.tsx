import { ReviewPage } from "@/components/excavate/review-page";
import { optionalId } from "@/lib/excavate/params";

/** relation_task/{id?}: one relation task's results, or every relation result the user may see. */
export default async function Page({ params }: { params: Promise<{ id?: string[] }> }) {
  const id = optionalId((await params).id);
  return <ReviewPage kind="relations" taskIds={id ? [id] : undefined} />;
}
